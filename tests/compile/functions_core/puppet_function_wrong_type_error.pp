function add(Integer $a) { $a }
add('x')
