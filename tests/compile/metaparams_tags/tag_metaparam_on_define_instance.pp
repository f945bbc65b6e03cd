define d { notify { "n-${title}": } }
d { 'x': tag => ['extra', 'more'] }
