$v = lookup('some::key', String, 'first', 'the-default')
$w = lookup('other::key', { 'default_value' => 42 })
notify { 'l': message => [$v, $w] }
