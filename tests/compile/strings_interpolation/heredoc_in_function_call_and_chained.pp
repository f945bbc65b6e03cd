$x = @(E).upcase
  hello
  | E
$y = join([@(A), @(B)], '|')
  first
  | A
  second
  | B
notify { 'n': message => [$x, $y] }
