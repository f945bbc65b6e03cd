$a = [undef, 'x']
$h = { 'k' => undef }
notify { 'n': message => "${a} ${h} ${[]} ${{}}" }
