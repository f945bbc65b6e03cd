$x = /.*\.josnn/
