# A failure deep inside a class (in a define in a contained class) skips
# everything that requires the outer class.
$s = $facts['sandbox']
define failing() { exec { "fail-${title}": command => '/bin/false' } }
class base::inner { failing { 'x': } }
class base { contain base::inner exec { 'base-ok': command => '/bin/true' } }
class app { exec { 'app': command => "/bin/sh -c 'echo app >> ${facts['sandbox']}/log'" } }
include base, app
Class['base'] -> Class['app']
exec { 'independent': command => "/bin/sh -c 'echo independent >> ${s}/log'" }
