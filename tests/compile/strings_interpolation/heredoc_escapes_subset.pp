$x = @("END"/t)
	a\tb\nc\$d
	END
notify { 'n': message => $x }
