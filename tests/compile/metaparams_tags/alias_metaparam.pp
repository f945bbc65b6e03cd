package { 'openssh-server': alias => 'sshd-pkg' }
service { 'sshd': require => Package['sshd-pkg'] }
