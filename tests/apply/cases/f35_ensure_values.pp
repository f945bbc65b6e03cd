# ensure variants: false (absent), present on absent (empty file), a path
# (a link), and a file with only a mode on a missing path (nothing).
$s = $facts['sandbox']
file { "${s}/false-ensure": ensure => false }
file { "${s}/present-new": ensure => present }
file { "${s}/path-ensure": ensure => "${s}/present-new" }
file { "${s}/mode-only": mode => '0600' }
file { "${s}/mode-only-existing": mode => '0600' }
