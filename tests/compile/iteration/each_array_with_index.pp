['a', 'b', 'c'].each |$i, $v| {
  notify { "item ${i}": message => $v }
}
