# New files, directories and modes: numeric, symbolic, directory search bits.
$s = $facts['sandbox']
file { "${s}/plain": ensure => file, content => "hello\n" }
file { "${s}/empty": ensure => file }
file { "${s}/present": ensure => present }
file { "${s}/secret": ensure => file, content => 'pw', mode => '0600' }
file { "${s}/symbolic": ensure => file, content => 'x', mode => 'u=rwx,go=r' }
file { "${s}/three-digits": ensure => file, content => 'y', mode => '640' }
file { "${s}/dir": ensure => directory, mode => '0640' }
file { "${s}/dir/sub": ensure => directory }
file { "${s}/setuid": ensure => file, content => 'z', mode => '4755' }
file { "${s}/content-only": content => "implies ensure file\n" }
