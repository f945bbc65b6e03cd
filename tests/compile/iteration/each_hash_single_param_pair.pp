{ 'x' => 1, 'y' => 2 }.each |$pair| {
  notify { "pair ${pair[0]}": message => $pair }
}
