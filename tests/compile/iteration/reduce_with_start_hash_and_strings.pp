$words = ['apple', 'banana', 'avocado', 'cherry']
$by = $words.reduce({}) |$m, $w| {
  $k = $w[0]
  $m + { $k => ($m[$k] =~ Array ? { true => $m[$k], default => [] }) + [$w] }
}
$longest = $words.reduce |$a, $b| { if $b.length > $a.length { $b } else { $a } }
notify { 'n': message => [$by, $longest, $words.map |$i, $w| { "${i}:${w}" }.join(' ')] }
