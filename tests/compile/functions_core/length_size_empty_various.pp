notify { 'n': message => [length('héllo'), length([1, 2]), length({'a' => 1}), empty(''), empty([]), empty({}), empty('x'), size(Binary('aGk=')), empty(0)] }
