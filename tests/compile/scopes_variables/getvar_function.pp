class cfg { $port = 22 }
include cfg
notify { 'g': message => [getvar('cfg::port'), getvar('nope::x', 'fallback'), getvar('facts.os.family')] }
