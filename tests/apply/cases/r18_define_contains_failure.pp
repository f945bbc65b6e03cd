# A failure inside a define: the define's other resources still run; what
# requires or subscribes to the define is skipped; a define notifying a define.
$s = $facts['sandbox']
define svc($cmd) {
  exec { "${title}-cmd": command => $cmd }
  exec { "${title}-ok": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'" }
}
svc { 'bad': cmd => '/bin/false' }
svc { 'good': cmd => '/bin/true' }
exec { 'needs-bad': command => '/bin/true', require => Svc['bad'] }
exec { 'needs-good': command => "/bin/sh -c 'echo needs-good >> ${s}/log'", subscribe => Svc['good'], refreshonly => true }
