class c ($noop = false) { }
include c
