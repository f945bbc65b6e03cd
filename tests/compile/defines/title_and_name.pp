define show { notify { "show-${title}": message => "title=${title} name=${name}" } }
show { 'a': }
show { 'b': name => 'custom' }
