# Refresh from one define to another: every refreshable resource inside
# the receiver runs.
$s = $facts['sandbox']
define cfg($v) { file { "${facts['sandbox']}/${title}": ensure => file, content => $v } }
define svc() {
  exec { "${title}-restart": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'", refreshonly => true }
  notify { "${title}-note": }
}
cfg { 'a': v => '1' } ~> svc { 'one': }
cfg { 'b': v => '2' }
svc { 'two': subscribe => [Cfg['a'], Cfg['b']] }
