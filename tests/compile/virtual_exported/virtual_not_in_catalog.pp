@package { 'never': }
notify { 'shown': }
