notify { 'a': }
notify { 'b': require => notify['a'] }
