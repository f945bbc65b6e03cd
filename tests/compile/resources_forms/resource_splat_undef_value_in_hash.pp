$attrs = { 'ensure' => file, 'mode' => undef }
file { '/x': * => $attrs, owner => 'root' }
