# The module's chain of anchors around collectors that collect nothing: the
# anchors are chained directly (Puppet's empty alternative).
include cfg
