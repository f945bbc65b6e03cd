# The output of logoutput goes out at the exec's loglevel.
$s = $facts['sandbox']
exec { 'warn-output': command => "/bin/echo warned", logoutput => true, loglevel => warning }
exec { 'info-output': command => "/bin/echo informed", logoutput => true, loglevel => info }
exec { 'err-fail': command => "/bin/sh -c 'echo broken; exit 1'", logoutput => on_failure, loglevel => err }
exec { 'debug-output': command => "/bin/echo hidden", logoutput => true, loglevel => debug }
