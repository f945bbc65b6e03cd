exec { 'check':
  command => '/usr/bin/check',
  onlyif  => ['/usr/bin/test -f /a', '/usr/bin/test -f /b'],
  unless  => '/usr/bin/test -f /done',
  environment => ['A=1', 'B=2'],
  returns => [0, 2],
}
