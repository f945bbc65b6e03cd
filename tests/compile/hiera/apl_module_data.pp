# Automatic parameter lookup from the module's Hiera 5 data: levels chosen by
# facts and trusted facts, first found per key, an undef found keeps a default.
include mymod
