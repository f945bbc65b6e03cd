# ensure => absent on files, links, directories with and without force.
$s = $facts['sandbox']
file { "${s}/file": ensure => absent }
file { "${s}/link": ensure => absent }
file { "${s}/emptydir": ensure => absent, force => true }
file { "${s}/fulldir": ensure => absent, force => true }
file { "${s}/keepdir": ensure => absent }
file { "${s}/never-existed": ensure => absent }
file { "${s}/false": ensure => false }
