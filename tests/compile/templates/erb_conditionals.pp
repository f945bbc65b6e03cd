# Conditionals: if/elsif/else, unless, modifiers, ternary, case/when with
# values, ranges, classes and regexps, and/or/not, && and ||.
$port = 443
$name_s = 'web01.example.com'
$flag = true
$empty = ''
notify { 'if_elsif':
  message => inline_template('<% if @port == 80 %>http<% elsif @port == 443 %>https<% else %>other<% end %>'),
}
notify { 'unless_modifiers':
  message => inline_template('<% unless @flag %>off<% else %>on<% end %>|<%= "big" if @port > 100 %>|<%= "small" unless @port > 100 %>|<%= @flag ? "y" : "n" %>'),
}
notify { 'case':
  message => inline_template('<% case @port when 1..1023 then %>privileged<% else %>user<% end %>|<%= case @name_s when /^db/ then "db" when /^web(\d+)/ then "web#{$1}" end %>|<%= case @port when String then "s" when Integer then "i" end %>|<%= case when @flag then "bare" end %>'),
}
notify { 'boolean_ops':
  message => inline_template('<%= @flag && @port %>|<%= nil || "default" %>|<%= (not @flag).inspect %>|<%= !@empty.empty? %>|<%= (@flag and @port > 1) %>|<%= false or nil.inspect %>'),
}
notify { 'truthiness':
  message => inline_template('<% [nil, false, 0, "", [], {}].each do |v| %><%= v ? "T" : "F" %><% end %>'),
}
notify { 'while_until':
  message => inline_template('<% i = 0; out = [] %><% while i < 3 do out << i; i += 1 end %><% until i == 0; i -= 1 end %><%= out.join(",") %>/<%= i %>'),
}
