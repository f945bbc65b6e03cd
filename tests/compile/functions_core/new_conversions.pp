notify { 'n':
  message => [Integer.new('12'), String.new(12), Float.new(3), Array.new(1), Integer.new('0x10'), Integer.new(3.9)],
}
