# Backups before replacing or removing: a suffix, true (.puppet-bak), none.
$s = $facts['sandbox']
file { "${s}/suffix": ensure => file, content => "v2\n", backup => '.bak' }
file { "${s}/default": ensure => file, content => "v2\n", backup => true }
file { "${s}/removed": ensure => absent, backup => '.orig' }
file { "${s}/nobackup": ensure => file, content => "v2\n" }
file { "${s}/fresh": ensure => file, content => "new\n", backup => '.bak' }
