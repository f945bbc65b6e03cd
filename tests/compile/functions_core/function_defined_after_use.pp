notify { 'n': message => later_fn(2) }
function later_fn(Integer $x) >> Integer { $x * 3 }
