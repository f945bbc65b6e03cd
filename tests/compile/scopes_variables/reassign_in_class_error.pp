class c {
  $v = 'a'
  if true { $v = 'b' }
}
include c
