if $x = 1 { }
