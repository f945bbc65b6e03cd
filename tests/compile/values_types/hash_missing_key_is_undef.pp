$h = { 'a' => 1 }
$v = $h['missing']
notify { 'missing': message => "value=[${v}] undef=${v == undef}" }
