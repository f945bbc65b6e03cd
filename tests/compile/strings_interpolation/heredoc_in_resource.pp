file { '/etc/motd':
  ensure  => file,
  content => @("MOTD"),
    Welcome to ${facts['networking']['fqdn']}
    OS: ${facts['os']['name']} ${facts['os']['release']['full']}
    | MOTD
}
