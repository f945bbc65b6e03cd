type Tea::Portc = case  Integer[0, 65535]
