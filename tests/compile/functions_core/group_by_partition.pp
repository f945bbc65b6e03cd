$nums = [1, 2, 3, 4, 5]
notify { 'g': message => [$nums.group_by |$n| { $n % 2 }, $nums.partition |$n| { $n > 2 }] }
