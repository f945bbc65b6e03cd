# checksum choices with source: md5 compares contents, mtime compares
# modification times (a newer source replaces), none never replaces an
# existing file.
$s = $facts['sandbox']
file { "${s}/md5": ensure => file, source => "${s}/src/a", checksum => 'md5' }
file { "${s}/mtime-older": ensure => file, source => "${s}/src/a", checksum => 'mtime' }
file { "${s}/mtime-newer": ensure => file, source => "${s}/src/a", checksum => 'mtime' }
file { "${s}/none": ensure => file, source => "${s}/src/a", checksum => 'none' }
file { "${s}/none-new": ensure => file, source => "${s}/src/a", checksum => 'none' }
file { "${s}/sha256": ensure => file, source => "${s}/src/a", checksum => 'sha256' }
