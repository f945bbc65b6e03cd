#
type $x[1]Collectd::SNMP::AuthProtocol = Enum['MD5', 'SHA']
