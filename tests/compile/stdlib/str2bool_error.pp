# stdlib: str2bool of an unknown word
$x = str2bool('x')
