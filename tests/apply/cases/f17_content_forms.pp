# Content: empty, without a final newline, UTF-8, changed on an existing file
# (with its mode kept), and a file with content but no ensure.
$s = $facts['sandbox']
file { "${s}/empty": ensure => file, content => '' }
file { "${s}/nonl": ensure => file, content => 'no newline' }
file { "${s}/utf8": ensure => file, content => "héllo wörld ✓\n" }
file { "${s}/changed": ensure => file, content => "new\n" }
file { "${s}/no-ensure": content => "implied\n" }
file { "${s}/no-ensure-existing": content => "replaced\n" }
file { "${s}/same": ensure => file, content => "same\n" }
