# The default must match the type asked for too.
$x = lookup('lk::missing', Integer, 'first', 'text')
