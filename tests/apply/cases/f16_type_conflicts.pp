# Something of another type at the path: a directory needs force, a file
# or link is replaced; ensure => present accepts whatever is there.
$s = $facts['sandbox']
file { "${s}/dir-no-force": ensure => file, content => 'x' }
file { "${s}/file-to-link": ensure => link, target => '/etc/hostname' }
file { "${s}/link-to-dir": ensure => directory }
file { "${s}/present-dir": ensure => present, content => 'ignored' }
file { "${s}/present-link": ensure => present }
file { "${s}/absent-dir-no-force": ensure => absent }
file { "${s}/absent-dir-force": ensure => absent, force => true }
file { "${s}/absent-link": ensure => absent }
