if 'x1' =~ /x(\d)/ { $inside = $1 }
$after = $1
notify { 'n': message => [$inside, $after] }
