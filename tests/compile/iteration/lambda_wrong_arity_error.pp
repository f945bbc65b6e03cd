[1, 2].each |$a, $b, $c| { notify { "${a}": } }
