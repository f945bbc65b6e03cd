# stdlib: str2bool of a number
$x = str2bool(1)
