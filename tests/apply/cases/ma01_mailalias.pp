# mailalias entries: recipients (quoted when needed), :include: files,
# changes and removal, in a target file.
$s = $facts['sandbox']
mailalias { 'kuppet-postmaster': recipient => 'root', target => "${s}/aliases" }
mailalias { 'kuppet-list': recipient => ['a@example.org', 'b c', '|/usr/bin/prog'], target => "${s}/aliases" }
mailalias { 'kuppet-inc': file => '/etc/mail/list', target => "${s}/aliases" }
mailalias { 'kuppet-change': recipient => ['new'], target => "${s}/aliases" }
mailalias { 'kuppet-gone': ensure => absent, target => "${s}/aliases" }
