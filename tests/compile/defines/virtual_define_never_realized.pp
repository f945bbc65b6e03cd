define d { file { "/virtual/${title}": } }
@d { 'x': }
notify { 'only': }
