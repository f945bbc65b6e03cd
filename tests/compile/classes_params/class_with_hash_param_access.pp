class c (Hash $opts = { 'a' => { 'b' => 1 } }) { notify { 'n': message => [$opts['a']['b'], $opts.dig('a', 'b'), $opts['x']] } }
include c
