# Directory modes: numeric modes gain x where r is granted; existing
# directories are changed; setgid directory.
$s = $facts['sandbox']
file { "${s}/d600": ensure => directory, mode => '0600' }
file { "${s}/d640-existing": ensure => directory, mode => '640' }
file { "${s}/d2775": ensure => directory, mode => '2775' }
file { "${s}/f755": ensure => file, mode => '0755' }
