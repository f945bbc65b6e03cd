# The ip6tables provider: IPv6 addresses in CIDR form, ICMPv6 types by
# name, an IPv6 user chain; a purging IPv6 chain.
firewallchain { 'web6:filter:IPv6': ensure => present }
firewallchain { 'INPUT:filter:IPv6': purge => true }
firewall { '100 web6': provider => ip6tables, dport => [80, 443], source => '2001:db8::7/32', action => accept }
firewall { '010 ping6': provider => ip6tables, proto => 'ipv6-icmp', icmp => 'echo-request', action => accept }
firewall { '200 to web6': provider => ip6tables, jump => 'web6', proto => all, iniface => 'lo' }
firewall { '100 web4': dport => 8080, action => accept }
