# A cycle that includes an autorequire edge.
$s = $facts['sandbox']
file { "${s}/d": ensure => directory, require => File["${s}/d/f"] }
file { "${s}/d/f": ensure => file }
