[1, 2, 3].each |$x| {
  if $x == 2 { next() }
  notify { "n${x}": }
}
$m = [1, 2, 3].map |$x| { if $x == 2 { next('two') } $x }
notify { 'm': message => $m }
