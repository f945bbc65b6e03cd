# tidy without recurse looks at the path itself; noop on the tidy reaches the
# files it generates; a tidy of a missing path does nothing.
$d = $facts['sandbox']
tidy { "${d}/stale.pid": age => '1h', noop => true }
tidy { "${d}/gone.pid": }
tidy { "${d}/all": recurse => 1 }
notify { 'after': require => Tidy["${d}/all"] }
