# recurse + purge removes what the source does not have.
$s = $facts['sandbox']
file { "${s}/copy": ensure => directory, source => "${s}/src", recurse => true, purge => true, force => true }
