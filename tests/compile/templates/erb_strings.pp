# String methods.
$s = '  Hello, World  '
$csv = 'a,b,,c,,'
notify { 'case_strip':
  message => inline_template('[<%= @s.strip %>][<%= @s.lstrip %>][<%= @s.rstrip %>][<%= @s.upcase %>][<%= @s.downcase %>][<%= @s.strip.capitalize %>][<%= @s.swapcase %>]'),
}
notify { 'split':
  message => inline_template('<%= @csv.split(",").inspect %> <%= @csv.split(",", -1).inspect %> <%= @csv.split(",", 2).inspect %> <%= "  a  b c ".split.inspect %> <%= "abc".split("").inspect %> <%= "a1b22c".split(/\d+/).inspect %> <%= "a-b".split(/(-)/).inspect %>'),
}
notify { 'search':
  message => inline_template('<%= @s.include?("World") %> <%= @s.start_with?("  He") %> <%= @s.end_with?("x", "  ") %> <%= @s.index("o") %> <%= @s.rindex("o") %> <%= @s.count("lo") %> <%= "hello"[1] %> <%= "hello"[1, 3] %> <%= "hello"[1..] %> <%= "hello"[-3..-2] %> <%= "hello"[10].inspect %>'),
}
notify { 'build':
  message => inline_template('<%= "ab" * 3 %> <%= "a" + "b" %> <% t = "x"; t << "y" << "z" %><%= t %> <%= "%s-%03d" % ["a", 7] %> <%= "x".ljust(4, ".") %>| <%= "x".rjust(4) %> <%= "x".center(5, "*") %> <%= ["a", ["b", nil, 1]].join("/") %>'),
}
notify { 'convert':
  message => inline_template('<%= "42abc".to_i %> <%= "0x1A".to_i(16) %> <%= "3.7xyz".to_f %> <%= "abc".to_i %> <%= "12".to_sym.inspect %> <%= :sym.to_s %> <%= 65.chr %> <%= "A".ord %> <%= "ff".hex %> <%= 255.to_s(2) %>'),
}
notify { 'misc':
  message => inline_template('<%= "hello".reverse %> <%= "hello".length %> <%= "héllo".size %> <%= "hello".tr("el", "ip") %> <%= "hello".delete("l") %> <%= "aaabbb".squeeze %> <%= "line\n".chomp %> <%= "ab".chars.inspect %> <%= "a\nb\n".lines.inspect %> <%= "path/to/file.rb".sub(/\.rb$/, "") %> <%= "abc".succ rescue "n/a" %> <%= "Hello".casecmp?("hello") %>'),
}
notify { 'frozen_error':
  message => inline_template('<% s = "x".freeze %><%= begin; s << "y"; rescue => e; e.class.to_s + ": " + e.message; end %>'),
}
