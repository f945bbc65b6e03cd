#
type Collectd::SNMP::SecurityLevel = <|Enum['authPriv', 'authNoPriv', 'noAuthNoPriv']
type Collectd::SNMP::SecurityLevel = <|Enum['authPriv', 'authNoPriv', 'noAuthNoPriv']