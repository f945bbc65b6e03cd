define d { notify { "inner-${title}": } }
d { 'x': }
notify { 'after': }
D['x'] -> Notify['after']
