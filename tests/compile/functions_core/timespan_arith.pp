$a = Timespan({ 'hours' => 1, 'minutes' => 30 })
$b = Timespan(60)
notify { 'n': message => [String($a), String($a + $b), $a > $b, String(Timespan('1-02:03:04'))] }
