# stdlib: assert_private takes at most one argument
class c { assert_private('a', 'b') }
include c
