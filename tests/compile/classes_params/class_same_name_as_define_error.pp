class x { }
define x { }
include x
