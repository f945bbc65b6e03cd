define app::instance (Integer $port, String $user = 'deploy') {
  File { owner => $user, mode => '0640' }
  file { "/etc/app/${title}.conf":
    content => "port=${port}\n",
    tag     => ['app-config', "instance-${title}"],
  }
  service { "app@${title}":
    ensure    => running,
    subscribe => File["/etc/app/${title}.conf"],
  }
  realize(User[$user])
}
