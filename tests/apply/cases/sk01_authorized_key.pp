# ssh_authorized_key in a target: a new .ssh directory (0700) and file (0600),
# options, a changed key, removal; lines of other keys stay.
$s = $facts['sandbox']
ssh_authorized_key { 'alice@laptop': user => 'root', type => 'ssh-ed25519', key => 'AAAAC3NzaC1lZDI1NTE5AAAAIA', target => "${s}/home/.ssh/authorized_keys" }
ssh_authorized_key { 'bob@desk': user => 'root', type => 'rsa', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQ', options => ['no-pty', 'from="10.0.0.1"'], target => "${s}/home/.ssh/authorized_keys" }
ssh_authorized_key { 'carol@old': user => 'root', type => 'ssh-ed25519', key => 'NEWKEY', target => "${s}/keys" }
ssh_authorized_key { 'dave@gone': ensure => absent, user => 'root', type => 'ssh-ed25519', key => 'X', target => "${s}/keys" }
ssh_authorized_key { 'erin@opts': user => 'root', type => 'ssh-ed25519', key => 'OPTS', target => "${s}/keys" }
