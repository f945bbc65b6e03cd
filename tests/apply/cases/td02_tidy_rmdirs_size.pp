# tidy: directories go too with rmdirs (their files first); size selects
# big files; files the catalog manages are left alone.
$d = "${facts['sandbox']}/cache"
tidy { $d:
  recurse => true,
  size    => '2k',
  rmdirs  => true,
  type    => 'mtime',
}
file { "${d}/big.keep":
  ensure  => file,
}
