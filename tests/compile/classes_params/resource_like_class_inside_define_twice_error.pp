class shared ($v = 1) { }
define d { class { 'shared': v => 2 } }
d { ['a', 'b']: }
