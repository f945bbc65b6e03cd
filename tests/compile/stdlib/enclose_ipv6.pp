# stdlib: IPv6 addresses in brackets
notify { 'enclose_ipv6 1': message => enclose_ipv6('::1') }
notify { 'enclose_ipv6 2': message => enclose_ipv6(['127.0.0.1', 'fe80::0:1', '*', undef, 'fe80:0000::1']) }
notify { 'enclose_ipv6 3': message => enclose_ipv6('2001:db8::/32') }
notify { 'enclose_ipv6 4': message => enclose_ipv6('10.1.2.3/8') }
notify { 'enclose_ipv6 5': message => enclose_ipv6('::ffff:1.2.3.4') }
notify { 'enclose_ipv6 6': message => enclose_ipv6('1:0:0:2:0:0:0:3') }
