package { 'openssh-server': ensure => installed }
-> file { '/etc/ssh/sshd_config': ensure => file }
~> service { 'sshd': ensure => running }
