$v = 'abc123'
$r = $v ? { /([a-z]+)(\d+)/ => "${2}-${1}", default => 'no' }
notify { 'n': message => [$r, $1] }
