# stdlib: anchor has no parameter 'ensure'
anchor { 'a': ensure => present }
