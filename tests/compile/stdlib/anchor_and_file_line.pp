# stdlib: the anchor and file_line resource types of stdlib
class inner { notify { 'inner': } }
class outer {
  anchor { 'outer::begin': }
  -> class { 'inner': }
  -> anchor { 'outer::end': }
}
include outer
file_line { 'sudo_rule':
  path  => '/etc/sudoers',
  line  => '%sudo ALL=(ALL) ALL',
  match => '^%sudo',
}
file_line { 'no_root_login':
  ensure            => absent,
  path              => '/etc/ssh/sshd_config',
  match             => '^PermitRootLogin',
  match_for_absence => true,
  multiple          => true,
  require           => Anchor['outer::end'],
}
