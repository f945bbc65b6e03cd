# creates, onlyif and unless with several values.
$s = $facts['sandbox']
exec { 'creates-any': command => "/usr/bin/touch ${s}/c1", creates => ["${s}/zzz", "${s}/a"] }
exec { 'onlyif-all': command => "/usr/bin/touch ${s}/c2", onlyif => ['/bin/true', "/usr/bin/test -f ${s}/a"] }
exec { 'onlyif-one-fails': command => "/usr/bin/touch ${s}/c3", onlyif => ['/bin/true', '/bin/false'] }
exec { 'unless-all-fail': command => "/usr/bin/touch ${s}/c4", unless => ['/bin/false', "/usr/bin/test -f ${s}/zzz"] }
exec { 'unless-one-ok': command => "/usr/bin/touch ${s}/c5", unless => ['/bin/false', '/bin/true'] }
exec { 'arg-arrays': command => "/usr/bin/touch ${s}/c6", onlyif => [['/usr/bin/test', '-f', "${s}/a"]], creates => "${s}/c6" }
