# A parameter without a default given as undef must still match its type.
class y(String $s) { notify { $s: } }
class { 'y': s => undef }
