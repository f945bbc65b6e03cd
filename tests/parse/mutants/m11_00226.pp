#
type Collectd::SNMP::Version::V2 if Variant[Integer[1, 2], Enum['1', '2']]
