notify { 'fmt':
  message => [String(255, '%x'), String(3.14159, '%.2f'), String('abc', '%5s'), String(42, '%08d')],
}
