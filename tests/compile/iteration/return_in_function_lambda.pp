function mymod_first_big(Array[Integer] $a) {
  $a.each |$x| { if $x > 10 { return($x) } }
  undef
}
notify { 'r': message => mymod_first_big([1, 20, 30]) }
