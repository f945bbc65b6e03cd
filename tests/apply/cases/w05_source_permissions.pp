# source_permissions: use copies the source's mode, ignore (the default)
# does not; an explicit mode wins.
$s = $facts['sandbox']
file { "${s}/use": source => "${s}/src/exe", source_permissions => use }
file { "${s}/ignore": source => "${s}/src/exe", source_permissions => ignore }
file { "${s}/default": source => "${s}/src/exe" }
file { "${s}/explicit": source => "${s}/src/exe", source_permissions => use, mode => '0600' }
file { "${s}/use-dir": ensure => directory, source => "${s}/src/dir", recurse => true, source_permissions => use }
