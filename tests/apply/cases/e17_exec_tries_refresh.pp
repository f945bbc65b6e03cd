# tries applies to refreshes too; try_sleep between tries; onlyif with a
# failing program's output.
$s = $facts['sandbox']
file { "${s}/t": ensure => file, content => 't' }
~> exec { 'retry-refresh':
  command     => "/bin/sh -c 'echo x >> ${s}/n; test $(wc -l < ${s}/n) -ge 2'",
  refreshonly => true,
  tries       => 3,
}
exec { 'noisy-check': command => "/bin/sh -c 'echo ran >> ${s}/log'", onlyif => "/bin/sh -c 'echo checking; exit 1'" }
