file { '/etc/ssh/sshd_config':
  ensure => file,
  mode   => $facts['os']['family'] ? { 'Debian' => '0644', default => '0600' },
}
