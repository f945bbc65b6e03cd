['a', 'b'].each |$x| {
  File { mode => '0700' }
  file { "/tmp/lam-${x}": }
}
file { '/tmp/outside-lambda': }
