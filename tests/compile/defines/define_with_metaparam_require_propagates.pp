define d { notify { "in-${title}": } }
notify { 'before': }
d { 'x': require => Notify['before'] }
