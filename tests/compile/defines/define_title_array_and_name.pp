define d($x = $title, $n = $name) { notify { "${title}": message => "${x}|${n}" } }
d { ['a', 'b']: }
d { 'c': name => 'nn' }
