notice([1, 'a', { 'k' => undef }])
notice(undef)
notify { 'x': }
