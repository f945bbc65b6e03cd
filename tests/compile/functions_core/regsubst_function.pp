notify { 'r':
  message => [
    regsubst('hello world', 'o', '0'),
    regsubst('hello world', 'o', '0', 'G'),
    regsubst('Hello', 'h', 'j', 'I'),
    regsubst('2024-01-15', '(\d+)-(\d+)-(\d+)', '\3/\2/\1'),
    'abc'.regsubst(/b/, 'B'),
    regsubst(['a1', 'b2'], '\d', 'N'),
  ],
}
