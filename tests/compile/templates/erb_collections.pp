# Arrays and hashes: indexing, fetch and dig, set operators, flatten, uniq,
# compact, join, keys and values, merge, sort, default values, mutation.
$a = [3, [1, [2, undef]], 'x', 3]
$h = { 'b' => { 'c' => [10, 20] }, 'a' => 1 }
notify { 'array_index':
  message => inline_template('<%= @a[0] %> <%= @a[-1] %> <%= @a[1..2].inspect %> <%= @a[1, 2].inspect %> <%= @a[9].inspect %> <%= @a.first %> <%= @a.last(2).inspect %> <%= @a.fetch(0) %> <%= @a.fetch(9, "d") %> <%= @a.dig(1, 1, 0) %> <%= @a.values_at(0, 2).inspect %>'),
}
notify { 'array_ops':
  message => inline_template('<%= @a.flatten.inspect %> <%= @a.flatten(1).inspect %> <%= @a.flatten.compact.uniq.inspect %> <%= ([1, 2, 3] - [2]).inspect %> <%= ([1, 2] & [2, 3]).inspect %> <%= ([1, 2] | [2, 3]).inspect %> <%= ([1] + [2]).inspect %> <%= ([0] * 3).inspect %> <%= [1, 2, 3].reverse.inspect %> <%= [1, 2, 3].rotate.inspect %> <%= [[1, 2], [3, 4]].transpose.inspect %> <%= [1, 2].zip([3, 4]).inspect %>'),
}
notify { 'array_mutation':
  message => inline_template('<% b = [] %><% b << 1; b.push(2, 3); b.unshift(0) %><%= b.inspect %> <%= b.pop %> <%= b.shift %> <%= b.inspect %> <% b.delete(1) %><%= b.inspect %> <% c = [nil, 1, nil]; c.compact! %><%= c.inspect %> <% d = [3, 1]; d.sort! %><%= d.inspect %> <% e = [1, 2]; e.concat([3]); e.insert(1, 9) %><%= e.inspect %> <%= [1, 2, 3].each_slice(2).map(&:sum).inspect %>'),
}
notify { 'hash_access':
  message => inline_template('<%= @h["a"] %> <%= @h["zz"].inspect %> <%= @h.fetch("a") %> <%= @h.fetch("zz", "dflt") %> <%= @h.fetch("zz") { |k| k * 2 } %> <%= @h.dig("b", "c", 1) %> <%= @h.keys.inspect %> <%= @h.values.length %> <%= @h.key?("a") %> <%= @h.has_key?("q") %> <%= @h.include?("b") %> <%= @h.value?(1) %> <%= @h.size %>'),
}
notify { 'hash_ops':
  message => inline_template('<%= @h.merge("z" => 26).keys.inspect %> <%= @h.reject { |k, v| k == "a" }.keys.inspect %> <%= @h.sort.map(&:first).inspect %> <%= @h.to_a.length %> <%= @h.invert.keys.length %> <%= { "a" => nil, "b" => 1 }.compact.inspect %> <%= @h.transform_values { |v| v.class }.inspect %> <%= @h.map { |k, v| k }.sort.inspect %> <%= @h.find { |k, v| v == 1 }.inspect %> <%= @h.count %> <%= @h.sort_by { |k, v| k }.to_h.keys.inspect %>'),
}
notify { 'hash_mutation':
  message => inline_template('<% x = {} %><% x["a"] = 1; x[:b] = 2; x.store("c", 3) %><%= x.inspect %> <%= x.delete("a") %> <%= x.inspect %> <% y = Hash.new(0); "abca".each_char { |ch| y[ch] += 1 } %><%= y.inspect %> <% z = { "k" => [] }; z["k"] << 1 %><%= z.inspect %> <% w = {}; w["l"] ||= []; w["l"] << "v" %><%= w.inspect %> <%= x.merge!("q" => 0).size %>'),
}
notify { 'empty_nil':
  message => inline_template('<%= [].empty? %> <%= {}.empty? %> <%= "".empty? %> <%= [nil].empty? %> <%= [].first.inspect %> <%= {}.keys.inspect %> <%= [].join(",").inspect %> <%= [].max.inspect %> <%= [].sum %> <%= [].inject(:+).inspect %>'),
}
