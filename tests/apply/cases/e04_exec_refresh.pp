# Refresh behaviour: a `refresh` command, a non-refreshonly exec runs twice,
# a guard stops the refresh.
$s = $facts['sandbox']
file { "${s}/trigger": ensure => file, content => 't' }
~> exec { 'with-refresh-cmd':
  command     => "/bin/sh -c 'echo main >> ${s}/log1'",
  refresh     => "/bin/sh -c 'echo refresh >> ${s}/log1'",
  refreshonly => true,
}
File["${s}/trigger"] ~> exec { 'runs-twice': command => "/bin/sh -c 'echo run >> ${s}/log2'" }
File["${s}/trigger"] ~> exec { 'guarded':
  command => "/bin/sh -c 'echo guarded >> ${s}/log3'",
  unless  => '/bin/true',
}
File["${s}/trigger"] ~> exec { 'creates-blocks':
  command     => "/bin/sh -c 'echo never >> ${s}/log4'",
  creates     => "${s}/trigger",
  refreshonly => true,
}
