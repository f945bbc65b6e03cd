# replace => false keeps an existing file's content but still manages its
# mode; an absent file is created with the content.
$s = $facts['sandbox']
file { "${s}/kept": ensure => file, content => "desired\n", replace => false, mode => '0600' }
file { "${s}/created": ensure => file, content => "desired\n", replace => false }
file { "${s}/link-kept": ensure => link, target => 'elsewhere', replace => false }
file { "${s}/source-kept": source => "${s}/src", replace => false }
