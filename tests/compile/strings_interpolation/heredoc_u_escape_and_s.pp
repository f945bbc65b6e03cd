$a = @("X"/us)
  \u{1F600} and \u00e9 \'q\' \s space
  |- X
notify { 'n': message => $a }
