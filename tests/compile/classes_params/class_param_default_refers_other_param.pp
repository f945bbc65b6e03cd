class c($a = 1, $b = $a + 1, $c = "${a}-${b}", $d = [$a, $b]) {
  notify { 'c': message => [$a, $b, $c, $d] }
}
class { 'c': a => 10 }
