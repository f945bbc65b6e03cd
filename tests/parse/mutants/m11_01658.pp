#
type Collectd::Network::SecurityLevel = ['Encrypt', 'Sign', 'None']
