# Content from local sources: a path, a file:// URI, the first existing of
# several, a missing one; source permissions are not copied.
$s = $facts['sandbox']
file { "${s}/copy": ensure => file, source => "${s}/src/a" }
file { "${s}/uri": source => "file://${s}/src/b" }
file { "${s}/first": ensure => file, source => ["${s}/src/missing", "${s}/src/b"] }
file { "${s}/update": ensure => file, source => "${s}/src/a", mode => '0640' }
file { "${s}/missing": ensure => file, source => "${s}/src/nothing" }
