# tries: the command fails twice, then succeeds on the third try.
$s = $facts['sandbox']
exec { 'flaky':
  command   => "/bin/sh -c 'echo x >> ${s}/count; test \$(wc -l < ${s}/count) -ge 3'",
  tries     => 3,
  try_sleep => 0,
  creates   => "${s}/done",
}
exec { 'mark': command => "/usr/bin/touch ${s}/done", require => Exec['flaky'], creates => "${s}/done" }
exec { 'never-recovers': command => '/bin/false', tries => 2 }
file { "${s}/after-never": ensure => file, content => 'n', require => Exec['never-recovers'] }
