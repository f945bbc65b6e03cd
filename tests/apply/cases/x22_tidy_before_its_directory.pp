# A tidy ordered before the file of the directory it tidies: the tidied files
# do not wait for that directory (no cycle), as in Puppet.
$s = $facts['sandbox']
tidy { "${s}/d": recurse => true } -> file { "${s}/d": ensure => directory }
notify { 'after': require => File["${s}/d"] }
