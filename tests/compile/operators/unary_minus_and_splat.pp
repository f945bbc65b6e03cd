$a = [1, 2]
$n = 5
notify { 'u': message => [-$n, - - $n, [*$a, 3]] }
