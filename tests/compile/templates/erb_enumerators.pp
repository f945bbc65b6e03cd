# Enumerators: iteration methods called without a block.
$list = ['a', 'b', 'c', 'd']
$hash = { 'x' => 1, 'y' => 2 }
notify { 'with_index':
  message => inline_template('<%= @list.map.with_index(1) { |x, i| "#{i}:#{x}" }.join(",") %>|<%= @list.select.with_index { |x, i| i.even? }.inspect %>|<% r = @list.each.with_index(1) { |x, i| } %><%= r.inspect %>|<%= @list.reject.with_index { |x, i| i > 1 }.inspect %>|<%= @list.map.each_with_index { |x, i| x * (i + 1) }.inspect %>'),
}
notify { 'each_with_index_chains':
  message => inline_template('<%= @list.each_with_index.map { |x, i| "#{x}#{i}" }.inspect %>|<%= @hash.each_with_index.map { |(k, v), i| "#{k}=#{v}@#{i}" }.join(" ") %>|<%= @list.each_with_index.to_a.inspect %>|<%= @list.each_with_index.select { |x, i| i.odd? }.map(&:first).inspect %>|<%= @hash.each_with_index.to_h { |(k, v), i| [k, i] }.inspect %>'),
}
notify { 'slices':
  message => inline_template('<%= @list.each_slice(2).map { |a, b| "#{a}-#{b}" }.inspect %>|<%= @list.each_slice(3).to_a.inspect %>|<%= @list.each_cons(2).map(&:join).inspect %>|<%= (1..5).each_slice(2).with_index.map { |s, i| s.sum * i }.inspect %>|<%= @hash.each_slice(1).to_a.inspect %>'),
}
notify { 'inspect_class':
  message => inline_template('<%= @list.map.inspect %> <%= @list.each_slice(2).inspect %> <%= @list.map.with_index(1).inspect %> <%= @hash.each.inspect %> <%= 3.times.inspect %> <%= "ab".each_char.inspect %> <%= 1.upto(3).inspect %> <%= 1.step(10, 3).inspect %> <%= (1..10).step(2).inspect %> <%= @list.map.class %> <%= 1.step(4, 2).class %> <%= @list.map.is_a?(Enumerable) %> <%= @list.each.is_a?(Enumerator) %>'),
}
notify { 'enumerable_on_enumerators':
  message => inline_template('<%= @list.map.to_a.inspect %> <%= @list.each.size %> <%= @list.find.size.inspect %> <%= @list.each_slice(3).size %> <%= 4.times.map { |i| i * i }.inspect %> <%= 3.times.to_a.inspect %> <%= 1.upto(4).select(&:even?).inspect %> <%= 5.downto(1).first(2).inspect %> <%= 1.step(10, 4).to_a.inspect %> <%= (1..10).step(3).map { |x| x }.inspect %> <%= "abc".each_char.with_index.map { |c, i| c * (i + 1) }.join %> <%= "a\nb\n".each_line.map(&:chomp).inspect %> <%= @list.each.include?("b") %> <%= @list.map.first %> <%= @list.each_with_index.sort_by { |x, i| -i }.first.inspect %> <%= @list.each.inject { |a, b| a + b } %> <%= @list.each_with_index.count %> <%= @list.each.zip([1, 2]).inspect %>'),
}
notify { 'with_object':
  message => inline_template('<%= @list.each.with_object([]) { |x, acc| acc << x.upcase }.inspect %>|<%= @list.map.each_with_object({}) { |x, h| h[x] = 1 }.inspect %>|<%= @hash.each.with_index.map { |(k, v), i| [k, v, i] }.inspect %>|<%= @hash.map.with_index { |(k, v), i| "#{k}#{v}#{i}" }.inspect %>|<%= @hash.select.with_index { |(k, v), i| i == 1 }.inspect %>|<%= @hash.each_key.map(&:upcase).inspect %>|<%= @list.each_index.to_a.inspect %>'),
}
notify { 'each_block':
  message => inline_template('<%= @list.map.each { |x| x * 2 }.inspect %>|<%= @list.select.each { |x| x > "b" }.inspect %>|<% e = @list.each %><%= e.each { |x| }.inspect %>|<%= @list.each_with_index.each { |x, i| }.inspect %>|<%= 2.times.each_with_index.map { |x, i| x + i }.inspect %>|<%= [*@list.each_slice(2)].inspect %>|<%= @list.map.with_index.with_index(10).map { |(x, i), j| "#{x}#{i}#{j}" }.join(",") %>'),
}
