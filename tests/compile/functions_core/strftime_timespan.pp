notify { 't': message => Timespan(3600).strftime('%H:%M') }
