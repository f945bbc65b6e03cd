# Users and groups Puppet can be watched on safely: existing ones in sync,
# absent ones absent; noop reports what creating would do.
user { 'root': ensure => present, uid => 0 }
group { 'root': ensure => present, gid => 0 }
user { 'kuppet-no-such-user': ensure => absent }
group { 'kuppet-no-such-group': ensure => absent }
user { 'kuppet-would-create': ensure => present, uid => 4321, home => '/nonexistent', noop => true }
group { 'kuppet-would-create': ensure => present, gid => 4321, noop => true }
