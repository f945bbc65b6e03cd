$x = 'abc'
$y = $x.nosuch_method()
