$h = { 'a' => 1, 'b' => 2 }
notify { 'm': message => [$h.any |$k, $v| { $v > 1 }, $h.all |$k, $v| { $v > 1 }, [].all |$x| { false }, [].any |$x| { true }] }
