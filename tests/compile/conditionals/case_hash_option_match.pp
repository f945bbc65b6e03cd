$v = { 'a' => 1, 'b' => 2 }
case $v {
  { 'a' => 1 }: { $r = 'partial' }
  default: { $r = 'default' }
}
notify { 'n': message => $r }
