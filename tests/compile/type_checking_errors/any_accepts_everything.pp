class c (Any $a = undef, Any $b = [1]) { notify { 'c': message => [$a, $b] } }
class { 'c': a => { 'x' => 1 } }
