notify { 'a': before => 'Notify[b]' }
notify { 'b': }
