$a = sprintf('%<a>2000000000s', { a => 'x' })
