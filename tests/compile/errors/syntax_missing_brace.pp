class broken {
  file { '/tmp/x':
    ensure => file,

}
