# recurse without source manages the mode and owner of everything inside.
$s = $facts['sandbox']
file { "${s}/tree": ensure => directory, recurse => true, mode => 'go-w' }
file { "${s}/tree/explicit": ensure => file, content => "explicit\n", mode => '0600' }
