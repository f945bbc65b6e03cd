type Tea::Ip_address %  = Variant[Tea::Ipv4, Tea::Ipv6]
