# Symlinks: relative and absolute targets, retargeting, replacing a file,
# the ensure => '/path' shorthand, replace => false.
$s = $facts['sandbox']
file { "${s}/abs": ensure => link, target => "${s}/target1" }
file { "${s}/rel": ensure => link, target => 'target2' }
file { "${s}/retarget": ensure => link, target => 'target2' }
file { "${s}/file-to-link": ensure => link, target => 'target1' }
file { "${s}/shorthand": ensure => "${s}/target1" }
file { "${s}/target-only": target => "${s}/target2" }
file { "${s}/noreplace-link": ensure => link, target => 'target2', replace => false }
file { "${s}/dangling": ensure => link, target => "${s}/nowhere" }
