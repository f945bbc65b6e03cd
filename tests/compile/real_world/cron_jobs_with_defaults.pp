Exec {
  path      => ['/usr/local/bin', '/usr/bin', '/bin'],
  logoutput => on_failure,
}
File { owner => 'root', group => 'root', mode => '0644' }
$jobs = ['backup', 'rotate', 'report']
$jobs.each |$i, $job| {
  file { "/etc/cron.d/${job}":
    content => "${$i * 10} 3 * * * root /usr/local/bin/${job}\n",
  }
  exec { "validate-${job}":
    command     => "cron-validate /etc/cron.d/${job}",
    refreshonly => true,
    subscribe   => File["/etc/cron.d/${job}"],
  }
}
