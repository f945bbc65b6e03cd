function f(Integer $x) {
  if $x > 5 { return('big') }
  'small'
}
notify { 'n': message => [f(1), f(10)] }
