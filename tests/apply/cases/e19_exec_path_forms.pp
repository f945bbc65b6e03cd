# path as a colon string and an array; a program found only in the second
# directory; a command that is not found on the path; the shell provider.
$s = $facts['sandbox']
exec { 'colon': command => "touch ${s}/colon", path => '/nonexistent:/usr/bin:/bin', creates => "${s}/colon" }
exec { 'array': command => "touch ${s}/array", path => ['/nonexistent', '/usr/bin'], creates => "${s}/array" }
exec { 'not-found': command => 'kuppet-nothing-here --x', path => ['/usr/bin', '/bin'] }
exec { 'shell': command => "echo shell > ${s}/shell && true", provider => shell, creates => "${s}/shell" }
