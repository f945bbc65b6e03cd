function local::fmt(String $k, $v) >> String { "${k}=${v}" }
notify { 'f': message => local::fmt('a', 1) }
