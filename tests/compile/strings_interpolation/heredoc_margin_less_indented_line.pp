$x = @(END)
    four
  two
      six
    | END
notify { 'n': message => $x }
