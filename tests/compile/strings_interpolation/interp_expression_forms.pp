$h = { 'a' => { 'b' => 'deep' } }
$arr = [10, 20, 30]
notify { 'n': message => "${h['a']['b']} ${arr[-1]} ${arr.length} ${1 + 2 * 3} ${$arr[0]} ${'lit'}" }
