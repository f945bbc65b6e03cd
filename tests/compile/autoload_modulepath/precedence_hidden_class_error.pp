# foo::b exists only in b's foo, which a's foo hides
include foo::b
