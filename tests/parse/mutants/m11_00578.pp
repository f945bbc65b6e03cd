type Tea::Unprivilegedport = Integer[1024, 65535]

