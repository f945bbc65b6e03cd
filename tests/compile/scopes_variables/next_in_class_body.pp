class c { next() }
include c
