class a ($v = 1) { notify { "a${v}": } }
class b ($v = 1) { notify { "b${v}": } }
class { ['a', 'b']: v => 2 }
