# Puppet values as Ruby sees them: undef is nil (and unset variables are
# not instance variables), default is :default, strings are frozen.
$s = 'text'
$i = 42
$f = 2.5
$b = false
$a = [1, 'two', undef, [3]]
$h = { 'k' => undef, 'n' => 1, 'nested' => { 'x' => [true] } }
$u = undef
$d = default
notify { 'classes':
  message => inline_template('<%= [@s, @i, @f, @b, @a, @h, @u, @d].map { |v| v.class }.join(",") %>'),
}
notify { 'printed':
  message => inline_template('<%= @s %>|<%= @i %>|<%= @f %>|<%= @b %>|<%= @a %>|<%= @h %>|<%= @u %>|<%= @d %>'),
}
notify { 'inspected':
  message => inline_template('<%= @a.inspect %>|<%= @h.inspect %>|<%= @u.inspect %>|<%= @d.inspect %>|<%= @nosuch.inspect %>'),
}
notify { 'frozen':
  message => inline_template('<%= @s.frozen? %> <%= @a.frozen? %> <%= @h.frozen? %> <%= "lit".frozen? %> <%= @s.dup.frozen? %>'),
}
notify { 'defined':
  message => inline_template('<%= defined?(@s).inspect %> <%= defined?(@u).inspect %> <%= defined?(@nosuch).inspect %> <%= defined?(x).inspect %> <%= defined?(scope).inspect %>'),
}
notify { 'undef_compare':
  message => inline_template('<%= @u.nil? %> <%= @u == :undef %> <%= @u.to_s.empty? %> <%= @a[2].nil? %> <%= @h["k"].nil? %> <%= @h.key?("k") %>'),
}
