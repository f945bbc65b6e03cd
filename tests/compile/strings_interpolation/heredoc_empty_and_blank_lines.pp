$x = @(END)

  a

  b
  | END
$y = @(END)
  |- END
notify { 'n': message => [$x, $y] }
