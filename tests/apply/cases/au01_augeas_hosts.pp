# augeas with the Hosts lens on a file of the sandbox: a change guarded by
# onlyif (runs once), changes already in sync, a change, a guard that does
# not hold, a change libaugeas refuses, and a refresh from a change.
$hosts = "${facts['sandbox']}/hosts"
augeas { 'add-host':
  incl    => $hosts,
  lens    => 'Hosts.lns',
  changes => [
    'set 01/ipaddr 192.0.2.10',
    'set 01/canonical web.example',
    'set 01/alias[1] web',
  ],
  onlyif  => "match *[canonical = 'web.example'] size == 0",
}
augeas { 'in-sync':
  incl    => $hosts,
  lens    => 'Hosts.lns',
  changes => "set *[canonical = 'localhost']/ipaddr 127.0.0.1",
}
augeas { 'change-ip':
  incl    => $hosts,
  lens    => 'Hosts.lns',
  changes => "set *[canonical = 'db.example']/ipaddr 192.0.2.20",
  require => Augeas['add-host'],
}
augeas { 'guarded':
  context => "/files${hosts}",
  incl    => $hosts,
  lens    => 'Hosts.lns',
  changes => 'rm *',
  onlyif  => 'get 1/ipaddr != 127.0.0.1',
}
augeas { 'refused':
  incl    => $hosts,
  lens    => 'Hosts.lns',
  changes => 'set */ipaddr 10.0.0.1',
  require => Augeas['change-ip'],
}
notify { 'after':
  subscribe => Augeas['add-host'],
}
