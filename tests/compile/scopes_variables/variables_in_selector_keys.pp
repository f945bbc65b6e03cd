$want = 'Debian'
$x = $facts['os']['family'] ? { $want => 'yes', default => 'no' }
notify { 'x': message => $x }
