define mymod::thing (
  $ensure = present,
  Hash $options = {},
) {
  file { "/tmp/${title}": ensure => $ensure }
}
define empty {
}
mymod::thing { 'one': ensure => absent }
