$r = [[1, 2, 3]].map |$first, *$rest| { $rest }
notify { 'n': message => $r }
