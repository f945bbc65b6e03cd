$items = ['a', 'b']
$x = @("EOT")
    first
      ${items[0]}
    ${items[1]} last
    | EOT
$y = @(EOT/n)
  a\nb
  -EOT
notify { 'n': message => [$x, $y] }
