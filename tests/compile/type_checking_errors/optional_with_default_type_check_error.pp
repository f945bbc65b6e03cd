class c (Optional[Integer] $n = 'x') { }
include c
