define d ($a, $b = 'bd') { notify { $title: message => "${a}-${b}" } }
create_resources('d', { 'x' => { 'a' => 'ax' }, 'y' => { 'a' => 'ay', 'b' => 'by' } }, { 'b' => 'default-b' })
