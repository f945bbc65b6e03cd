class c (NoSuchType $x = 1) { }
include c
