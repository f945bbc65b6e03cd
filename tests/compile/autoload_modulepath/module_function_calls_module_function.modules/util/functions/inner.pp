function util::inner(Integer $n) { $n * 10 }
