$s = Sensitive('x')
notify { 'n': message => [$s =~ Sensitive, $s =~ Sensitive[String], $s == Sensitive('x'), "${s}" ] }
