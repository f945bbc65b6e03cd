notify { 'conv':
  message => [Integer('42'), Integer('0x1F'), Integer('0b101'), Float('2.5'), Numeric('3'), Numeric('3.25')],
}
