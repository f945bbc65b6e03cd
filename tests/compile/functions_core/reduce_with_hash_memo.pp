$pkgs = ['a', 'b', 'c']
$h = $pkgs.reduce({}) |$memo, $p| { $memo + { $p => "${p}-1.0" } }
notify { 'r': message => $h }
