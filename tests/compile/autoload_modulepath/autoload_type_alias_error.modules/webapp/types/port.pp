type Webapp::Port = Integer[1, 65535]
