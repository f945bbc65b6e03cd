# Classes in order of declaration; class parameters; require on classes
# declared later; include order vs containment.
$s = $facts['sandbox']
class second { exec { 'second': command => "/bin/sh -c 'echo second >> ${facts['sandbox']}/log'" } }
class first { exec { 'first': command => "/bin/sh -c 'echo first >> ${facts['sandbox']}/log'" } }
exec { 'top': command => "/bin/sh -c 'echo top >> ${s}/log'", require => Class['first'] }
include second
include first
exec { 'bottom': command => "/bin/sh -c 'echo bottom >> ${s}/log'", before => Class['second'] }
