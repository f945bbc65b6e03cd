class profile::web (
  Array[String] $sites,
) {
  $sites.each |$s| {
    file { "/srv/${s}":
      ensure => directory,
      owner  => 'www-data',
    }
    @@file { "/etc/backup.d/${s}":
      content => "backup ${s}",
      tag     => 'backup',
    }
  }
  $sites_str = $sites.join(',')
  exec { 'reload-web':
    command     => "/usr/sbin/reload ${sites_str}",
    refreshonly => true,
    subscribe   => File[$sites.map |$s| { "/srv/${s}" }],
  }
}
