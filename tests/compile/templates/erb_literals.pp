# Ruby literals and how ERB prints them (to_s; inspect for arrays and hashes).
notify { 'strings':
  message => inline_template('<%= "tab\tnl\\n #{1 + 2} \u00e9 \x41" %>|<%= %q(single #{x}) %>|<%= %Q(double #{:x}) %>|<%= \'a\\\'b\\\\c\\n\' %>|<%= "a" "b" %>'),
}
notify { 'inspect':
  message => inline_template('<%= ["a\"b", :sym, :"odd sym", 1, 2.5, nil, true, [], {}].inspect %>|<%= "\e\0\x7f#{"#"}{x}".inspect %>'),
}
notify { 'hashes':
  message => inline_template('<%= { "a" => 1, :b => [2], c: nil, 3 => { "d" => 4.0 } } %>|<%= {}.to_s %>'),
}
notify { 'numbers':
  message => inline_template('<%= 1_000 %> <%= 0x1f %> <%= 0b101 %> <%= 017 %> <%= 1.5e3 %> <%= 1e20 %> <%= 1e16 %> <%= 1e15 %> <%= 123456789.123456789 %> <%= 0.0001 %> <%= 0.00001 %> <%= -0.0 %> <%= 2.0 / 3 %>'),
}
notify { 'ranges':
  message => inline_template('<%= (1..3).to_a.inspect %> <%= (1...3).to_s %> <%= ("a".."c").to_a.join %> <%= (1..10).step(3).to_a.inspect %>'),
}
notify { 'symbols_words':
  message => inline_template('<%= %w[a b  c].inspect %> <%= %i(x y).inspect %> <%= :a.inspect %> <%= :"a b".to_s %> <%= ?z %>'),
}
