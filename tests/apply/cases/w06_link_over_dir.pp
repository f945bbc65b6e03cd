# ensure => link where a directory exists: without force it fails, with
# force the directory is replaced; a link over a plain file.
$s = $facts['sandbox']
file { "${s}/dir-noforce": ensure => link, target => "${s}/t" }
file { "${s}/dir-force": ensure => link, target => "${s}/t", force => true }
file { "${s}/over-file": ensure => link, target => "${s}/t" }
file { "${s}/after": ensure => file, content => 'after', require => File["${s}/dir-noforce"] }
