notify { 'ints':
  message => [42, -7, 0x1F, 0777, 0, 0XfF],
}
