# ensure => absent on a directory (with and without force), on a link (the
# target stays), on a missing path, on a file.
$s = $facts['sandbox']
file { "${s}/dir": ensure => absent }
file { "${s}/dir-force": ensure => absent, force => true }
file { "${s}/link": ensure => absent }
file { "${s}/missing": ensure => absent }
file { "${s}/file": ensure => absent }
