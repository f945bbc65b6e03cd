# ERB tags with Puppet's trim mode '-': <%- trims blanks before the tag when
# they start the line, -%> drops the newline after it, <%% and %%> escapes,
# comments, and tags spanning lines.
$items = ['a', 'b']
notify { 'trim':
  message => inline_template("start\n  <%- @items.each do |i| -%>\n  item <%= i %>\n  <%- end -%>\nend\n"),
}
notify { 'no_trim':
  message => inline_template("start\n  <% @items.each do |i| %>\n  item <%= i %>\n  <% end %>\nend\n"),
}
notify { 'escapes':
  message => inline_template('<%% not a tag %%> <%= "%%>" %> x <%# a comment %>y'),
}
notify { 'dash_after_text':
  message => inline_template("a <%- x = 1 -%> b\n  <%- if x == 1 -%>\none\n<%- end -%>\n"),
}
notify { 'multiline':
  message => inline_template("<%\n  total = 0\n  [1, 2, 3].each do |n|\n    total += n\n  end\n-%>\ntotal=<%= total %>\n"),
}
notify { 'comment_swallows_line':
  message => inline_template("a<% # note %>hidden\nshown <%= 1 %>\n"),
}
notify { 'blank_tags':
  message => inline_template("x<% %>y<%= %>z<%- -%>\nw"),
}
