# Rules ordered by their titles' numbers among a rule Puppet did not write,
# a user chain they jump to, and a chain's policy.
firewallchain { 'web:filter:IPv4': ensure => present }
firewallchain { 'FORWARD:filter:IPv4': policy => drop }
firewall { '100 allow http': dport => [80, '443'], proto => tcp, action => accept }
firewall { '050 ssh': dport => 22, source => '10.1.2.3/16', action => accept }
firewall { '200 to web': jump => 'web', state => ['NEW', 'ESTABLISHED'] }
firewall { '300 web conns': chain => 'web', dport => 3306, connlimit_above => 10, connlimit_mask => 32, action => reject }
firewall { '900 log': jump => 'LOG', log_prefix => 'dropped: ', log_level => 'debug', limit => '5/min', proto => all }
firewall { '010 ping': proto => icmp, icmp => 'echo-request', action => accept }
