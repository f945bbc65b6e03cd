define tuned ($a = 1, $b = 2) { notify { $title: message => [$a, $b] } }
$params = { 'a' => 10, 'b' => 20 }
tuned { 'x': * => $params }
