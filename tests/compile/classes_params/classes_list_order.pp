class z { include y }
class y { }
class x { }
include x, z
