# The first modulepath directory with a module wins: foo comes from a, bar (only in b) from b
include foo, bar
