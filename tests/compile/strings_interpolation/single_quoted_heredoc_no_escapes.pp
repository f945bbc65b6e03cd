$v = 'nope'
$x = @(END)
  literal $v and \n and ${v}
  END
notify { 'n': message => $x }
