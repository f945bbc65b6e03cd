class c inherits nope { }
include c
