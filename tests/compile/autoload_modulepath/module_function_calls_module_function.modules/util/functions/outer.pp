function util::outer(Integer $n) { util::inner($n) + 1 }
