$h = { 1 => 'one', [1, 2] => 'pair', true => 'yes' }
notify { 'n': message => [$h[1], $h[[1, 2]], $h[true], $h.keys] }
