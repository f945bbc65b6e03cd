# stdlib: bool2str of a string
$x = bool2str('true')
