# sshkey entries titled name@type (the name Puppet reports them under), with
# host aliases in a target known_hosts: created, changed, removed, aliases
# changed; a key type given as `rsa` is written `ssh-rsa`.
$s = $facts['sandbox']
sshkey { 'kuppet-gh@ssh-ed25519': key => 'AAAAC3gh', host_aliases => ['gh.example.org', '192.0.2.1'], target => "${s}/known_hosts" }
sshkey { 'kuppet-old@ssh-rsa': key => 'NEWRSA', target => "${s}/known_hosts" }
sshkey { 'kuppet-old@ssh-ed25519': ensure => absent, target => "${s}/known_hosts" }
sshkey { 'kuppet-alias@ssh-rsa': type => 'rsa', key => 'SAME', host_aliases => ['a1'], target => "${s}/known_hosts" }
