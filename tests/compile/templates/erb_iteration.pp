# Iteration and blocks: each, each_with_index, each_pair, map, select,
# reject, inject, sort_by, group_by, each_slice, break and next.
$list = ['b', 'a', 'c']
$hash = { 'z' => 1, 'y' => 2, 'x' => 3 }
notify { 'each':
  message => inline_template('<% @list.each do |x| -%><%= x %>;<% end -%>|<% @list.each_with_index do |x, i| %><%= i %>:<%= x %> <% end %>|<% @hash.each_pair do |k, v| %><%= k %>=<%= v %> <% end %>'),
}
notify { 'hash_each_forms':
  message => inline_template('<% @hash.each do |pair| %><%= pair.inspect %><% end %>|<% @hash.each_with_index do |(k, v), i| %><%= i %><%= k %><%= v %><% end %>|<% @hash.sort.each do |k, v| %><%= k %><% end %>'),
}
notify { 'map_select':
  message => inline_template('<%= @list.map { |x| x.upcase }.inspect %>|<%= @list.collect(&:upcase).join %>|<%= @list.select { |x| x > "a" }.inspect %>|<%= @list.reject { |x| x == "a" }.inspect %>|<%= @hash.select { |k, v| v > 1 }.inspect %>|<%= @hash.map { |k, v| "#{k}#{v}" }.join(",") %>'),
}
notify { 'fold':
  message => inline_template('<%= [1, 2, 3].inject(:+) %> <%= [1, 2, 3].inject(10) { |s, x| s + x } %> <%= [1, 2, 3].sum %> <%= [0.1, 0.2, 0.3].sum %> <%= @hash.values.reduce(1) { |p, x| p * x } %> <%= [[1, 2], [3, 4]].each_with_object({}) { |(a, b), h| h[a] = b }.inspect %>'),
}
notify { 'sorting':
  message => inline_template('<%= @list.sort.inspect %> <%= @list.sort { |a, b| b <=> a }.inspect %> <%= @hash.sort_by { |k, v| -v }.inspect %> <%= @list.max %> <%= @list.min %> <%= @hash.min_by { |k, v| v }.inspect %> <%= [3, 1, 2].sort.reverse.first(2).inspect %>'),
}
notify { 'grouping':
  message => inline_template('<%= (1..7).group_by { |x| x % 3 }.inspect %> <%= (1..7).each_slice(3).to_a.inspect %> <%= (1..6).partition(&:even?).inspect %> <%= %w[a b a c a].tally.inspect %> <%= %w[a b a].uniq.inspect %>'),
}
notify { 'break_next':
  message => inline_template('<% [1, 2, 3, 4].each do |x| %><% next if x == 2 %><% break if x == 4 %><%= x %><% end %>|<%= [1, 2, 3].find { |x| x > 1 } %>|<%= [1, 2, 3].map { |x| next 0 if x == 2; x }.inspect %>|<%= [1, 2, 3].each { |x| break x * 10 if x == 2 } %>'),
}
notify { 'times_upto':
  message => inline_template('<% 3.times do |i| %><%= i %><% end %>|<% 1.upto(3) { |i| %><%= i %><% } %>|<% 3.downto(1) { |i| %><%= i %><% } %>|<%= [1, 2, 3].each_with_index.map { |x, i| x * i }.inspect %>'),
}
notify { 'predicates':
  message => inline_template('<%= @list.any? { |x| x == "a" } %> <%= @list.all? { |x| x.length == 1 } %> <%= @list.none?(&:empty?) %> <%= @list.count { |x| x < "c" } %> <%= [nil, 1].compact.one? %> <%= [].any? %> <%= @list.include?("b") %>'),
}
