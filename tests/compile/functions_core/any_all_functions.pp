$nums = [1, 5, 10]
notify { 'a': message => [$nums.any |$n| { $n > 8 }, $nums.all |$n| { $n > 0 }, $nums.all |$n| { $n > 1 }] }
