file { 'sshd_config': path => '/etc/ssh/sshd_config', ensure => file }
service { 'ssh': subscribe => File['/etc/ssh/sshd_config'] }
