$r = Regexp('^a(b)?')
notify { 'n': message => ['abc'.match(/(a)(b)(c)/), 'xyz'.match(/a/), ['ab', 'xb'].match(/(.)b/), 'ab' =~ $r, 'ac'.match($r), String($r), "${r}", /a\/b/, 'a/b' =~ /a\/b/] }
