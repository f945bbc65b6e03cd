# stdlib: range of a word
$x = range('x')
