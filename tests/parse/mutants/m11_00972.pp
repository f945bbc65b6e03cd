# Class to test the Tea::Ipv6 type alias
 test::ipv6(
  Tea::Ipv6 $value
  ) {
  notice('Success')
}
