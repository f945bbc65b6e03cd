$u = undef
$t = true
$f = false
notify { 'u': message => "u=[${u}] t=${t} f=${f}" }
