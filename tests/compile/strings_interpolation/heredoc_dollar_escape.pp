$v = 'real'
$text = @("END"/$)
  literal \$v and ${v}
  | END
notify { 't': message => $text }
