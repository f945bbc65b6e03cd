# timeout stops a command; tries retries until an accepted code.
$s = $facts['sandbox']
exec { 'slow': command => '/bin/sleep 5', timeout => 1 }
exec { 'third-time':
  command   => "/bin/sh -c 'echo x >> ${s}/count; test $(wc -l < ${s}/count) -ge 3'",
  tries     => 3,
  try_sleep => 0,
  creates   => "${s}/done",
}
-> exec { 'mark': command => "/usr/bin/touch ${s}/done", creates => "${s}/done" }
exec { 'never-enough': command => "/bin/sh -c 'echo y >> ${s}/count2; exit 1'", tries => 2 }
