$r = [1, 2, 3, 4].map |$x| {
  if $x % 2 == 0 { next($x * 100) }
  $x
}
notify { 'r': message => $r }
