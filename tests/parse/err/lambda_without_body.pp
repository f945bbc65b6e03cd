$x.each |$y|
