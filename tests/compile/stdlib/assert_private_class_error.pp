# stdlib: assert_private fails for a module's class declared from site code
include mymod::params
