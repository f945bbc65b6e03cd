unless $x {} elsif $y {}
