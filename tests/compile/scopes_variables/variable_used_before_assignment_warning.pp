notify { 'n': message => "x=${later}" }
$later = 'set'
