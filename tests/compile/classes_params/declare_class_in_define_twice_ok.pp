class shared { notify { 'shared': } }
define d { include shared }
d { ['a', 'b']: }
