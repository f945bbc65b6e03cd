class a { $v = 'from a' }
class b inherits a { notify { 'b': message => [$v, $a::v, $b::v] } }
include b
