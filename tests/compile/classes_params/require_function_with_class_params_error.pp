class c ($x) { }
require c
