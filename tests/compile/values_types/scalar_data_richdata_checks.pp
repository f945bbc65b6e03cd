notify { 'n': message => [1 =~ ScalarData, /r/ =~ ScalarData, /r/ =~ Scalar, [1, { 'a' => undef }] =~ Data, { 1 => 'x' } =~ Data, Integer =~ RichData, Sensitive(1) =~ RichData, default =~ RichData] }
