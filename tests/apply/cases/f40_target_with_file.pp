# target with ensure => file is ignored; ensure => link without target fails.
$s = $facts['sandbox']
file { "${s}/file-with-target": ensure => file, target => '/etc/hostname' }
file { "${s}/link-no-target": ensure => link }
