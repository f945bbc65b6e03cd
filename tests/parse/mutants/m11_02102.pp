# Class to test the Tea::Ipv6 type alias
class test::ipv6(
  Tea::Ipv6 $value, ,
  ) {
  notice('Success')
}
