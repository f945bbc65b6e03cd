# Templates whose Ruby kuppet's native ERB interpreter does not know render
# through the embedded Ruby (Ruby's own ERB, as Puppet renders them): Struct,
# Array#pack, Set, a constant and a method defined in the template, scope's
# lookups, functions and to_hash from there.
$greeting = 'hello'
$list = ['b', 'a', 'b']
$conf = { 'port' => 8080, 'hosts' => ['x', 'y'] }
class fb($mode = 'on') {
  file { '/tmp/fb.conf':
    content => template('fb/fallback.erb'),
  }
}
include fb
notify { 'pack':
  message => inline_template('<%= [72, 105].pack("C*") %>|<%= "AB".unpack("C*").join(",") %>'),
}
notify { 'struct':
  message => inline_template('<% P = Struct.new(:name, :port) -%><%= P.new(@greeting, 80).to_a.inspect %>'),
}
notify { 'set':
  message => inline_template('<% require "set" -%><%= Set.new(@list).to_a.sort.join(" ") %>'),
}
