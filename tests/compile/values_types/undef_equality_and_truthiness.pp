notify { 'n': message => [undef == undef, undef == '', !undef, !'', !0, undef =~ Undef, '' =~ Undef, [] == [], [undef] == [undef]] }
