define t($v) {
  $r = case $v {
    /^web(\d+)$/: { "web ${1}" }
    Integer[0, 9]: { 'digit' }
    Integer: { 'int' }
    [1, 2], 'x', 'y': { 'listed' }
    Array[String]: { 'strings' }
    Hash: { 'hash' }
    default: { "default ${v}" }
  }
  notify { $title: message => $r }
}
t { 'a': v => 'web12' }
t { 'b': v => 5 }
t { 'c': v => 55 }
t { 'd': v => 'y' }
t { 'e': v => ['p', 'q'] }
t { 'f': v => {'k' => 1} }
t { 'g': v => 3.5 }
t { 'h': v => [1, 2] }
