type Tea::Host = Variant[Tea::Fqdn, Tea::Ip_address]
'a'

