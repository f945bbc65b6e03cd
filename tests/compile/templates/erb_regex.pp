# Regexps: =~ and the match globals, match and MatchData, gsub and sub with
# back references, hashes and blocks, scan, named groups, flags.
$line = 'key1=value1; key2=value2'
notify { 'match_ops':
  message => inline_template('<%= @line =~ /key2/ %> <%= (@line =~ /nomatch/).inspect %> <% if @line =~ /(\w+)=(\w+)/ %><%= $1 %>,<%= $2 %>,<%= $~[0] %><% end %> <%= @line !~ /x/ %>'),
}
notify { 'match_data':
  message => inline_template('<% m = @line.match(/(?<k>\w+)=(?<v>\w+)$/) %><%= m[:k] %> <%= m["v"] %> <%= m[0] %> <%= m.pre_match %> <%= m.captures.inspect %> <%= @line.match(/zzz/).inspect %> <%= @line.match?(/key/) %>'),
}
notify { 'gsub':
  message => inline_template('<%= @line.gsub(/(\w+)=(\w+)/, "\\\\2:\\\\1") %>|<%= @line.gsub("=", " => ") %>|<%= @line.sub(/\d/) { |d| (d.to_i * 10).to_s } %>|<%= "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap") %>|<%= "a.b.c".gsub(".", "\\\\") %>'),
}
notify { 'scan_flags':
  message => inline_template('<%= @line.scan(/\d/).inspect %> <%= @line.scan(/(\w+)=(\w+)/).inspect %> <%= "ABC" =~ /b/i %> <%= "a\nb" =~ /a.b/m %> <%= /x(?<n>\d)/.match("x5")[:n] %> <%= Regexp.escape("a.b*c") %> <%= /a\/b/i.inspect %> <%= /ab/.source %>'),
}
notify { 'case_regex':
  message => inline_template('<% %w[web01 db02 cache].each do |h| %><%= case h when /^web(\d+)/ then "w#{$1}" when /^db/ then "d" else "?" end %> <% end %>'),
}
