$top = 'T'
class c { $v = 'C'; notify { 'n': message => "${::top} ${c::v} $::top" } }
include c
