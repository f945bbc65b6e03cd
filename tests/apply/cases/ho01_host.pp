# host entries in a target file: created with aliases and a comment, changed
# (ip, aliases, comment), removed; other lines stay; a file is created.
$s = $facts['sandbox']
host { 'kuppet-web': ip => '10.1.0.1', host_aliases => ['web', 'www'], comment => 'front', target => "${s}/hosts" }
host { 'kuppet-db': ip => '10.1.0.3', target => "${s}/hosts" }
host { 'kuppet-cache': ip => '10.1.0.9', host_aliases => ['mc'], comment => 'changed', target => "${s}/hosts" }
host { 'kuppet-old': ensure => absent, target => "${s}/hosts" }
host { 'kuppet-same': ip => '10.1.0.5', target => "${s}/hosts" }
host { 'kuppet-v6': ip => 'fe80::1', target => "${s}/new-hosts" }
