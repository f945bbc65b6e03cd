true.each |$x| { }
