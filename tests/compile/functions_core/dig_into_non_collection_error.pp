$x = dig({ 'a' => 'str' }, 'a', 'b')
