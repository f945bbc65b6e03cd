# stdlib: bool2str with two arguments
$x = bool2str(true, 'y')
