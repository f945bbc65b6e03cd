class loop inherits loop { }
include loop
