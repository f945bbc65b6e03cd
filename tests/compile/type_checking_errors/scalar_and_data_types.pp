class c (Scalar $s = 'x', Data $d = { 'a' => [1, undef] }, Collection $col = []) { notify { 'c': message => [$s, $d, $col] } }
include c
