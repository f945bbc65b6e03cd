$h = { 'name' => 'x', 'list' => [1, 'two', true, undef], 'nested' => { 'k' => '1.5', 'e' => '' }, 'yes' => 'yes' }
notify { 'y': message => inline_template("<%= @h.to_yaml %>|<%= [1, 'a'].to_yaml %>|<%= 'str'.to_yaml %>|<%= 5.to_yaml %>|<%= nil.to_yaml %>") }
