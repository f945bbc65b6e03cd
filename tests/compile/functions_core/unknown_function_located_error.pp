$x = 1
$y = nosuchfunc($x)
