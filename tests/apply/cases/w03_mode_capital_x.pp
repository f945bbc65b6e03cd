# Symbolic modes with X (execute only for directories or already-executable
# files), sticky and setgid bits.
$s = $facts['sandbox']
file { "${s}/plain": ensure => file, content => 'p', mode => 'a+X' }
file { "${s}/script": ensure => file, mode => 'go+X' }
file { "${s}/dir": ensure => directory, mode => 'u=rwX,go=rX' }
file { "${s}/sticky": ensure => directory, mode => 'o+t' }
file { "${s}/setgid": ensure => directory, mode => 'g+s' }
file { "${s}/tree": ensure => directory, recurse => true, mode => 'u=rwX,g=rX,o=' }
