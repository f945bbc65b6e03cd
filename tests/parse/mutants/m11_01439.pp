type Collectd::SNMP::PrivacyProtocol = Enum[ , 'AES' Enum , 'DES']
