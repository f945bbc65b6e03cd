# Local sources: a path, a file:// URI, the first of several that exists,
# none existing (fails), a source whose mode is not copied, an identical file.
$s = $facts['sandbox']
file { "${s}/from-path": ensure => file, source => "${s}/src/a" }
file { "${s}/from-uri": ensure => file, source => "file://${s}/src/b" }
file { "${s}/first-found": ensure => file, source => ["${s}/src/missing", "${s}/src/b"] }
file { "${s}/none-found": ensure => file, source => ["${s}/src/missing", "${s}/src/missing2"] }
file { "${s}/with-mode": source => "${s}/src/exec", mode => '0600' }
file { "${s}/identical": ensure => file, source => "${s}/src/a" }
file { "${s}/src-dir-copy": ensure => directory, source => "${s}/src" }
