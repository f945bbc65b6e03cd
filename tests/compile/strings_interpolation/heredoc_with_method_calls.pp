$pkgs = ['nginx', 'redis']
$doc = @("END")
  packages: ${pkgs.join(', ')}
  count: ${pkgs.length}
  first: ${pkgs[0].upcase}
  | END
notify { 'doc': message => $doc }
