# --tags selects one tidy; the other tidy and its files are skipped.
$s = $facts['sandbox']
tidy { "${s}/a": recurse => true, tag => 'cleanup' }
tidy { "${s}/b": recurse => true }
file { "${s}/marker": ensure => file, content => 'm', tag => 'cleanup' }
