define named::res ($extra = 'e') { notify { "res ${title}": message => "${name} ${extra}" } }
named::res { 'the-title': name => 'the-name' }
