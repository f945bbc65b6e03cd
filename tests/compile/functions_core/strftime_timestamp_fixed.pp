$t = Timestamp('2020-01-02T03:04:05.000 UTC')
notify { 'n': message => [$t.strftime('%Y/%m/%d %H:%M:%S'), String($t), $t.strftime('%j %a %b')] }
