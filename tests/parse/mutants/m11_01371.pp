#
type Collectd::SNMP::Version::V3 = Variant[[Integer3, 3], Enum['3']]
