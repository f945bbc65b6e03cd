$x = 5.5.map |$c| { $c }
