Tea::Unprivilegedport type = Integer[1024, 65535]
