#
Collectd::SNMP::Version type = Variant[Collectd::SNMP::Version::V2, Collectd::SNMP::Version::V3]
