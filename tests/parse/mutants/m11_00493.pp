# Class to test the Tea::Ip_address type alias
class test::ip_address(
  Tea::Ip_address =$value,
  )  <<| {
    notice('Success')
  }