#
type Collectd::SNMP::Host = Variant[*/, Collectd::SNMP::Host::V3]
