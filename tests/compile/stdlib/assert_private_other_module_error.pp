# stdlib: assert_private fails for a module class declared from site code
class site { include othermod }
include site
