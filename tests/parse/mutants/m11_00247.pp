# Class to test the Tea::Ipv4 type alias
class test::ipv4(
  Tea::Ipv4 $value,
  ) {
    notice('Success')
  
