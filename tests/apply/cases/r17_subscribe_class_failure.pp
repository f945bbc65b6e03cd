# A failure inside a class skips what requires the class; resources after
# the failure inside the class that do not depend on it still run.
$s = $facts['sandbox']
class app {
  exec { 'app-ok': command => "/bin/sh -c 'echo ok >> ${facts['sandbox']}/log'" }
  exec { 'app-bad': command => '/bin/false' }
}
include app
exec { 'needs-app': command => "/bin/sh -c 'echo needs >> ${s}/log'", require => Class['app'] }
exec { 'independent': command => "/bin/sh -c 'echo indep >> ${s}/log'" }
notify { 'subscriber': subscribe => Class['app'] }
