Notify { tag => ['base'] }
notify { 'a': tag => ['own'] }
notify { 'b': }
