$s = $facts['sandbox']
file { "${s}/keep": ensure => file, content => 'new', replace => false }
file { "${s}/gone": ensure => absent }
file { "${s}/dir": ensure => directory, mode => '0750' }
file { "${s}/dir/link": ensure => link, target => "${s}/keep" }
