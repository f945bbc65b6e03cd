# stdlib: assert_private with a message, for a define declared from site code
mymod::thing { 'x': }
