# digest() (sha256, Puppet's default digest_algorithm) and scanf()
notify { 'digest': message => digest('abc') }
notify { 'digest_undef': message => digest(undef) }
notify { 'scanf': message => scanf('42 apples and 3.5 kg', '%d apples and %f kg') }
notify { 'scanf_set': message => scanf('abc123', '%[a-z]%d') }
notify { 'scanf_none': message => scanf('x', '%d') }
notify { 'scanf_radix': message => scanf('0x1F 077 -12', '%x %o %i') }
notify { 'scanf_width': message => scanf('12345', '%2d%3d') }
notify { 'scanf_skip': message => scanf('a1', '%*[a-z]%d') }
notify { 'scanf_lambda': message => scanf('42', '%d') |$r| { $r[0] + 1 } }
notify { 'scanf_chars': message => scanf('ab cd', '%3c') }
