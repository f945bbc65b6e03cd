notify { 'n': message => ['A' =~ Enum['a', 'b'], 'a' =~ Enum['a', 'b'], 'ab' =~ Pattern[/^a/], 'ba' =~ Pattern[/^a/, /a$/], 'x' =~ Pattern['^x$'], 'X' =~ Enum['x', true]] }
