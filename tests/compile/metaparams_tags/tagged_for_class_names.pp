class a::b { }
include a::b
notify { 'n': message => [tagged('a::b'), tagged('a'), tagged('b'), tagged('zzz'), tagged('A::B')] }
