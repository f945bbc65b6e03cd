function twice(Integer $x, Callable[1,1] &$blk) { [$blk($x), $blk($x + 1)] }
notify { 'n': message => twice(3) |$v| { $v * 10 } }
