$text = @("END"/tn)
  a\tb
  c
  | END
notify { 'h': message => $text }
