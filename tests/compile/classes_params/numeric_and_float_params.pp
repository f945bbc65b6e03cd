class n (Numeric $ratio = 1, Float $f = 1.5) { notify { 'n': message => [$ratio, $f] } }
class { 'n': ratio => 0.75 }
