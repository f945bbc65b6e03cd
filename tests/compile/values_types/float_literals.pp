notify { 'floats':
  message => [1.5, -0.25, 1e3, 2.5e-3, 3.0],
}
