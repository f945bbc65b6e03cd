$s = $facts['sandbox']
Exec { path => ['/usr/bin', '/bin'] }
exec { 'a': command => "touch ${s}/a", unless => "test -f ${s}/a" }
exec { 'b': command => "touch ${s}/b", onlyif => "test -f ${s}/nope" }
exec { 'c': command => "sh -c 'exit 3'", returns => 3 }
