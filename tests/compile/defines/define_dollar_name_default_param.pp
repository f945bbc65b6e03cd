define named ($label = $name) { notify { $title: message => $label } }
named { 'plain': }
