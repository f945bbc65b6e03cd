class mymod::params {
  assert_private()
  $port = 8080
}
