# A directory tree written child-first; a file under a missing unmanaged
# parent fails and its dependents and notify targets are skipped.
$s = $facts['sandbox']
file { "${s}/a/b/c/leaf": ensure => file, content => 'leaf' }
file { "${s}/a/b/c": ensure => directory }
file { "${s}/a/b": ensure => directory }
file { "${s}/a": ensure => directory }
file { "${s}/x/y/orphan": ensure => file, content => 'o' }
~> exec { 'after-orphan': command => "/bin/sh -c 'echo ran >> ${s}/log'", refreshonly => true }
file { "${s}/x/y/orphan2": ensure => directory, require => File["${s}/x/y/orphan"] }
