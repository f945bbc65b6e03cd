# Class to test the Tea::Ip_address type alias
class test::ip__address(
  Tea::Ip_address $value,
  )) {
    notice('Success')
  }