$u = undef
$s = "prefix-${u}-suffix"
notify { 's': message => [$s, "${u}" == ''] }
