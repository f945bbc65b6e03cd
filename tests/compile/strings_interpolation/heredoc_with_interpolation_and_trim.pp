$who = 'world'
$x = @("END"/L)
  Hello ${who}!
    Indented line
  Tab\there \
  continued
  |-END
notify { 'n': message => $x }
