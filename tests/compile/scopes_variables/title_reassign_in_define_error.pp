define d { $title = 'x' }
d { 'a': }
