notify { 'n': message => [false.then |$x| { 'then' }, false.lest || { 'lest' }, undef.lest || { 'lest2' }, 0.then |$x| { $x + 1 }] }
