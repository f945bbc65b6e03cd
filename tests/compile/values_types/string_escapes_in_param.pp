file { '/tmp/esc': content => "a\tb\nc\\d\"e\u2603" }
