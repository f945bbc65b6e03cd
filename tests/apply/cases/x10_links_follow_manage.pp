# Recursive copies of a source containing symlinks: links => manage copies
# the links, links => follow copies what they point at.
$s = $facts['sandbox']
file { "${s}/managed": ensure => directory, source => "${s}/src", recurse => true, links => manage }
file { "${s}/followed": ensure => directory, source => "${s}/src", recurse => true, links => follow }
