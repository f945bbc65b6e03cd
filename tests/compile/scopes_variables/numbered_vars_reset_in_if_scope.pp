if 'ab' =~ /(a)(b)/ {
  if 'x' =~ /(x)/ { $inner = [$1, $2] }
  $outer = [$1, $2]
}
notify { 'n': message => [$inner, $outer] }
