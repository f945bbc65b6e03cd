# Methods defined in templates (def), return values, begin/rescue/ensure,
# rescue modifiers, raise, and exceptions' messages.
$opts = { 'PermitRootLogin' => false, 'Port' => 22, 'AllowUsers' => ['a', 'b'] }
notify { 'def':
  message => inline_template("<%\n  def bool2str(v)\n    case v\n    when true then 'yes'\n    when false then 'no'\n    else v\n    end\n  end\n  def pad(s, n = 10) s.to_s.ljust(n) end\n-%>\n<% @opts.keys.sort.each do |k| -%>\n<%= pad(k, 16) %><%= Array(@opts[k]).map { |x| bool2str(x) }.join(' ') %>\n<% end -%>\n"),
}
notify { 'rescue':
  message => inline_template('<%= begin; Integer("x"); rescue ArgumentError => e; "bad: #{e.message}"; end %>|<%= (nil.upcase rescue "rescued") %>|<%= begin; raise "boom"; rescue => e; e.class.to_s + "/" + e.message; ensure; 1; end %>|<%= begin; [].fetch(5); rescue IndexError, KeyError => e; e.class; end %>|<%= begin; {}.fetch("k"); rescue KeyError => e; e.message; end %>'),
}
notify { 'return_early':
  message => inline_template('<% def first_even(list) list.each { |x| return x if x.even? }; nil end %><%= first_even([1, 3, 4, 5]) %> <%= first_even([1]).inspect %>'),
}
notify { 'locals_scope':
  message => inline_template('<% x = 1 %><% [5].each do |y| x = y; z = 2 end %><%= x %> <%= defined?(z).inspect %> <% [1].each { |x2| %><%= x2 %><% } %>'),
}
