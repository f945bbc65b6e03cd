$x = />A^EXECUTE$/
