# Other checksums: md5 for content comparisons and messages.
$s = $facts['sandbox']
file { "${s}/md5": ensure => file, content => "x\n", checksum => 'md5' }
file { "${s}/md5-change": ensure => file, content => "new\n", checksum => 'md5' }
file { "${s}/sha1": ensure => file, content => "y\n", checksum => 'sha1' }
