notify { 'p':
  message => [sprintf('%05.2f', 3.14159), sprintf('%x', 255), sprintf('%-6s|', 'ab'), sprintf('%3d|', 7), sprintf('%s and %s', 'a', 'b'), sprintf('%o', 8), sprintf('%e', 12345.678)],
}
