$s = 'abc-123'
case $s {
  /^([a-z]+)-(\d+)$/: {
    $nm = $1
    $num = $2
    if $num =~ /^(1)/ { $inner = $1 }
    $after = $1
  }
}
notify { 'n': message => [$nm, $num, $inner, $after, "${0}"] }
