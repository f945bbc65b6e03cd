class c (Numeric $a, Numeric $b) { notify { 'c': message => [$a, $b] } }
class { 'c': a => 1, b => 2.5 }
