class t { $trusted = 'x' }
include t
