foo_bar { 'x': }
