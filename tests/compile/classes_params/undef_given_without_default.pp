# A parameter without a default given as undef is bound to undef (not missing);
# one with a default gets the default.
class x($a, String $b = 'dflt', Optional[String] $c) { notify { "a=${a} b=${b} c=${c}": } }
class { 'x': a => undef, b => undef, c => undef }
define d($a) { notify { "d a=${a}": } }
d { 'one': a => undef }
