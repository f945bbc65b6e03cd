function add(Integer $a, Integer $b = 10) >> Integer { $a + $b }
function greet(String $who, *$rest) { "hi ${who} ${rest}" }
notify { 'n': message => [add(1), add(1, 2), greet('x', 1, 2), greet('y')] }
