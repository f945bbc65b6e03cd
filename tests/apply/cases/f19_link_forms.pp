# Links: to a directory, relative, replacing a file, replacing a directory
# with force; a link's mode and owner are not managed.
$s = $facts['sandbox']
file { "${s}/dir": ensure => directory }
file { "${s}/to-dir": ensure => link, target => "${s}/dir" }
file { "${s}/relative": ensure => link, target => 'dir' }
file { "${s}/was-file": ensure => link, target => 'dir' }
file { "${s}/was-dir": ensure => link, target => 'dir', force => true }
file { "${s}/with-mode": ensure => link, target => 'dir', mode => '0600' }
file { "${s}/same-link": ensure => link, target => 'dir' }
