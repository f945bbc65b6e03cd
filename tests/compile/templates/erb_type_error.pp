# Adding an Integer to a String raises TypeError.
$n = 5
notify { 'x':
  message => inline_template('<%= "port " + @n %>'),
}
