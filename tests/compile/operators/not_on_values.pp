notify { 'n': message => [!'false', !'', !1, !{}] }
