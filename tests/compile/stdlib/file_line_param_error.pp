# stdlib: file_line has no parameter 'content'
file_line { 'x': path => '/tmp/x', line => 'a', content => 'b' }
