# refresh runs another command on refresh; an exec that is not refreshonly
# runs and is refreshed again; guards also apply to refreshes.
$s = $facts['sandbox']
file { "${s}/trigger": ensure => file, content => 't' }
~> exec { 'with-refresh':
  command     => "/bin/sh -c 'echo command >> ${s}/log'",
  refresh     => "/bin/sh -c 'echo refresh >> ${s}/log'",
  refreshonly => true,
}
File["${s}/trigger"] ~> exec { 'runs-and-refreshes': command => "/bin/sh -c 'echo both >> ${s}/log2'" }
File["${s}/trigger"] ~> exec { 'guarded':
  command     => "/bin/sh -c 'echo guarded >> ${s}/log3'",
  unless      => '/bin/true',
}
File["${s}/trigger"] ~> exec { 'creates-guard':
  command     => "/bin/sh -c 'echo creates >> ${s}/log4'",
  creates     => "${s}/trigger",
  refreshonly => true,
}
