define noop::thing { }
noop::thing { ['a', 'b']: }
