# The value found must match the type asked for.
$x = lookup('lk::string', Integer)
