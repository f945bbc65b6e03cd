class c (NotUndef $x = undef) { }
include c
