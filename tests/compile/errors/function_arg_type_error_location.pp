$x = [1, 2]
$y = $x.join(
  1
)
notify { 'n': message => upcase(5) }
