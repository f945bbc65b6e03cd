{ 'a' => 1 }.each |$i, $k, $v| { notify { "${k}": } }
