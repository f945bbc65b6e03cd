notify { 'hash':
  message => { 'zeta' => 1, 'alpha' => 2, 'mid' => [3, 4] },
}
