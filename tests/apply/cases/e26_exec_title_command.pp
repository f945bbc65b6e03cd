# The title is the command when no command is given; creates with it.
$s = $facts['sandbox']
exec { "/usr/bin/touch ${s}/by-title": creates => "${s}/by-title" }
exec { "/bin/echo from title": logoutput => true, unless => "/usr/bin/test -f ${s}/by-title" }
