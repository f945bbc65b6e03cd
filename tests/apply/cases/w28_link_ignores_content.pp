# ensure => link with mode, owner and a relative target; an existing link
# with the right target is left alone; a link to a missing target.
$s = $facts['sandbox']
file { "${s}/rel": ensure => link, target => 'real', mode => '0600' }
file { "${s}/ok": ensure => link, target => "${s}/real" }
file { "${s}/dangling": ensure => link, target => "${s}/nowhere" }
file { "${s}/real": ensure => file, content => 'real', mode => '0644' }
file { "${s}/abs-to-rel": ensure => link, target => 'real' }
