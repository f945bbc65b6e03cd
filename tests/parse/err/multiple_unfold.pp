file { 'x': * => $a, * => $b }
