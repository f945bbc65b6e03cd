user { 'x': * => ['ensure', 'present'] }
