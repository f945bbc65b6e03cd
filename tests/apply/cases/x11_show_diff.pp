# Content changes with show_diff on and off (the global show_diff setting
# is off in apply); the content change message carries the checksums.
$s = $facts['sandbox']
file { "${s}/shown": ensure => file, content => "line1\nline2 changed\n", show_diff => true }
file { "${s}/hidden": ensure => file, content => "secret new\n", show_diff => false }
