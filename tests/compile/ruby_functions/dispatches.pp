# Several dispatches: the first whose types match runs.
notify { 'int': message => rubyfn::shape(21) }
notify { 'str': message => rubyfn::shape('hi') }
notify { 'str_times': message => rubyfn::shape('hi', 3) }
notify { 'words': message => rubyfn::shape(['a', 'b']) }
notify { 'words_more': message => rubyfn::shape(['a'], 'b', 'c') }
notify { 'plain': message => rubyfn_plain('x', 1, 2) }
