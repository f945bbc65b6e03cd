$x = length(undef)
