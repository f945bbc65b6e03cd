class dep { }
define d { require dep notify { "n-${title}": } }
d { 'x': }
