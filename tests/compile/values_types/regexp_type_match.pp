notify { 'r': message => [/a+/ =~ Regexp, 'aaa' =~ Regexp['a+'], Regexp('^x') =~ Regexp] }
