class c ($p = 'x') { notify { 'c': message => $p } }
create_resources('class', { 'c' => { 'p' => 'from-cr' } })
