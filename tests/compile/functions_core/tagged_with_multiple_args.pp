class c { tag 'one' notify { 'n': message => [tagged('one', 'c'), tagged('one', 'zzz'), tagged(['one', 'c'])] } }
include c
