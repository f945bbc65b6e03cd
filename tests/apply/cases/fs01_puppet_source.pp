# puppet:///modules/... sources served from the modulepath, as puppet apply
# serves them: files, the first of several sources that exists, a recursive
# directory with purge, the module's files directory itself, and the
# failures (nothing of that name, no such module, an invalid path).
$s = $facts['sandbox']
file { "${s}/motd": source => 'puppet:///modules/kuppet_files/motd', mode => '0644' }
file { "${s}/first":
  source => ['puppet:///modules/kuppet_files/nope', 'puppet:///modules/kuppet_files/motd'],
}
file { "${s}/tree":
  ensure  => directory,
  source  => 'puppet:///modules/kuppet_files/tree',
  recurse => true,
  purge   => true,
}
file { "${s}/whole": source => 'puppet:///modules/kuppet_files', recurse => true }
file { "${s}/missing": source => 'puppet:///modules/kuppet_files/missing' }
file { "${s}/nomodule": source => 'puppet:///modules/nomodule/f' }
file { "${s}/dotdot": source => 'puppet:///modules/kuppet_files/../kuppet_files/motd' }
