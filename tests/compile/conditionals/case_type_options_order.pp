$vals = [1, 'a', 2.5, [1], { 'k' => 1 }, undef, true]
$r = $vals.map |$v| {
  case $v {
    Integer: { 'int' }
    String: { 'str' }
    Float: { 'float' }
    Array: { 'array' }
    Hash: { 'hash' }
    Undef: { 'undef' }
    default: { 'other' }
  }
}
notify { 'n': message => $r }
