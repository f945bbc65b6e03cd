type Tea::Host = Variant[Tea::FqdnTea::Fqdn, Tea::Ip_address]
