# stdlib: assert_private fails at top scope ($caller_module_name is unset there)
assert_private()
