$nums = [1, 2, 3, 4, 5, 6]
$squares = $nums.map |$n| { $n * $n }
$even = $nums.filter |$n| { $n % 2 == 0 }
$sum = $nums.reduce |$memo, $n| { $memo + $n }
$sum10 = $nums.reduce(10) |$memo, $n| { $memo + $n }
notify { 'r': message => [$squares, $even, $sum, $sum10] }
