define d ($x = 'default') { notify { $title: message => $x } }
d { 'explicit-undef': x => undef }
