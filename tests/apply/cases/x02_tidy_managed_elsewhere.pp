# tidy of a directory whose children are partly managed by file resources:
# managed ones (present or absent) are left to their own resource.
$d = "${facts['sandbox']}/work"
tidy { $d: recurse => true, rmdirs => true }
file { "${d}/kept.conf": ensure => file, content => "kept\n" }
file { "${d}/sub": ensure => directory }
file { "${d}/gone": ensure => absent }
