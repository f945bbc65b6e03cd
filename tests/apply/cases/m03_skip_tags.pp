# --skip_tags leaves out tagged resources.
$s = $facts['sandbox']
file { "${s}/kept": ensure => file, content => 'k' }
file { "${s}/skipped": ensure => file, content => 's', tag => 'slow' }
