$attrs = { 'ensure' => 'file', 'nonsense' => 1 }
file { '/tmp/x': * => $attrs }
