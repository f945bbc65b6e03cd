# validate_cmd checks the new content before it replaces the file.
$s = $facts['sandbox']
file { "${s}/good": ensure => file, content => "valid=1\n", validate_cmd => '/bin/grep -q valid %' }
file { "${s}/bad": ensure => file, content => "broken\n", validate_cmd => '/bin/grep -q valid %' }
file { "${s}/custom": ensure => file, content => "valid=2\n", validate_cmd => '/bin/grep -q valid @@', validate_replacement => '@@' }
