$x = 3.14
$x.each |$v| { }
