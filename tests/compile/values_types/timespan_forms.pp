notify { 'n': message => [String(Timespan(3661)), String(Timespan(1.5)), String(Timespan('2-00:00:00')), Timespan(60) == Timespan({'minutes' => 1}), String(Timespan(-30))] }
