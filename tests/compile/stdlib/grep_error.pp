# stdlib: grep of a string
$x = grep('abc', 'b')
