# A resource's title is one of its tags; a define's title too.
$s = $facts['sandbox']
exec { 'special': command => "/bin/sh -c 'echo special >> ${s}/log'" }
exec { 'other': command => "/bin/sh -c 'echo other >> ${s}/log'" }
define wrap() { exec { "wrapped-${title}": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'" } }
wrap { 'picked': }
wrap { 'left': }
