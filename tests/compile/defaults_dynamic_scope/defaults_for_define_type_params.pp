define d ($a = 'a-default', $b = 'b-default') { notify { $title: message => "${a}/${b}" } }
D { b => 'b-resdefault' }
d { 'one': }
d { 'two': a => 'explicit' }
