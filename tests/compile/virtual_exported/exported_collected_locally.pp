@@file { '/etc/cluster/node1': ensure => file, content => '10.0.0.11', tag => 'cluster' }
File <<| tag == 'cluster' |>>
