$x = @("END"/L)
  one \
  two\u{41}\x
  END
notify { 'n': message => $x }
