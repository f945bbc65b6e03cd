# stdlib: num2bool of a word
$x = num2bool('x')
