$x = 5.0
$y = 2.5e3
notify { 'f': message => "${x} ${y} ${$x * 2} ${10 / 4.0}" }
