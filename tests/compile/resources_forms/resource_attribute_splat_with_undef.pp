$attrs = { 'ensure' => 'file', 'owner' => undef, 'mode' => '0644' }
file { '/tmp/a': * => $attrs }
notify { 'n': * => {}, message => 'm' }
