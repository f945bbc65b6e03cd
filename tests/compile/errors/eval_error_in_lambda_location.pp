$r = [1, 2, 3].map |$x| {
  if $x == 3 {
    fail("bad item ${x}")
  }
  $x
}
