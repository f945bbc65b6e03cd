class a { $v = 'av' $arr = [1, 2] }
class a::b { $w = "${a::v}-b" }
include a
include a::b
notify { 'n': message => [$a::v, $a::arr[1], $a::b::w, $::a::v, getvar('a::b::w'), $a::nope] }
