class nothing { }
class onlyvars { $x = 1 }
include nothing, onlyvars
