# sourceselect => all merges several source directories (the first source
# wins for a name in both); first only uses the first existing one.
$s = $facts['sandbox']
file { "${s}/merged": ensure => directory, recurse => true, sourceselect => all, source => ["${s}/a", "${s}/b"] }
file { "${s}/first": ensure => directory, recurse => true, source => ["${s}/missing", "${s}/b", "${s}/a"] }
