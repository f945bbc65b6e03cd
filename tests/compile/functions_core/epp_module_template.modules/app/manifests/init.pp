class app (Array[String] $servers = ['a', 'b']) {
  $local = 'not visible'
  file { '/etc/app.conf':
    ensure  => file,
    content => epp('app/conf.epp', { 'name' => 'app', 'servers' => $servers }),
  }
}
