define thing { }
thing { 'X': }
thing { 'x': }
