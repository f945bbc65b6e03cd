$t = Timestamp('2021-06-15T12:30:00Z')
$u = Timestamp(0)
notify { 'n': message => [String($t), String($u), String($t + 3600), $t > $u, String(Timestamp('2021-06-15', '%F'))] }
