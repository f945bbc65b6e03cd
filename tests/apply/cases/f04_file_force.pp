# Changing what a path is: directories need force, files and links do not.
$s = $facts['sandbox']
file { "${s}/dir-to-file": ensure => file, content => 'now a file', force => true }
file { "${s}/file-to-dir": ensure => directory }
file { "${s}/link-to-file": ensure => file, content => 'was a link' }
file { "${s}/dir-to-link": ensure => link, target => "${s}/file-to-dir", force => true }
file { "${s}/dir-kept": ensure => link, target => "${s}/file-to-dir" }
