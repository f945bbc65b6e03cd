$a = ['x', 'y']
$h = {'k' => 2}
notify { 'n': message => ["${a.length}", "${h['k'] * 3}", "${a[0].upcase}-${a[-1]}", "${$a.join('+')}", "${h['k'] > 1}", "${ [1, 2].map |$v| { $v + 1 } }", "${'lit'}", "${a =~ Array}"] }
