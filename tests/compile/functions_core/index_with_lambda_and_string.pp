notify { 'n': message => [[1, 2, 3].index |$x| { $x > 1 }, 'hello'.index('l'), {'a' => 1, 'b' => 2}.index |$k, $v| { $v == 2 }, [1].index(5)] }
