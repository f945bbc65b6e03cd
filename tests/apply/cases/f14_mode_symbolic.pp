# Symbolic and short modes on new and existing files and directories.
$s = $facts['sandbox']
file { "${s}/sym-new": ensure => file, content => 'a', mode => 'u=rw,go=r' }
file { "${s}/sym-existing": ensure => file, mode => 'a+x' }
file { "${s}/short": ensure => file, content => 'b', mode => '640' }
file { "${s}/setuid": ensure => file, content => 'c', mode => '4755' }
file { "${s}/dir-g+w": ensure => directory, mode => 'g+w' }
file { "${s}/dir-0644": ensure => directory, mode => '0644' }
file { "${s}/minus": ensure => file, mode => 'go-rwx' }
file { "${s}/equal-x": ensure => file, content => 'x', mode => 'ug=rwx,o=' }
