# A directory replaced by a file with force and a backup suffix, a file
# replaced by a link with backup, and backup => false.
$s = $facts['sandbox']
file { "${s}/dir-to-file": ensure => file, content => 'now a file', force => true, backup => '.bak' }
file { "${s}/file-to-link": ensure => link, target => 'dir-to-file', backup => '.old' }
file { "${s}/no-backup": ensure => file, content => 'v2', backup => false }
file { "${s}/puppet-bucket": ensure => file, content => 'v2', backup => 'puppet' }
