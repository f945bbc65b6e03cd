define d ($path = "/tmp/${title}", $label = $name) { notify { $title: message => "${path} ${label}" } }
d { 'one': }
d { 'two': name => 'custom' }
