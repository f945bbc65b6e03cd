$u = undef
notify { 'c': message => [$u == undef, $u == '', $u =~ Undef, $u =~ Optional[String], $u in [undef]] }
