$n = 4
notify { 'e': message => "sum=${n + 1} prod=${n * $n} cmp=${n > 3}" }
