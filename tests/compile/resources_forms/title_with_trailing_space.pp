notify { 'spaced ': }
notify { 'spaced': }
