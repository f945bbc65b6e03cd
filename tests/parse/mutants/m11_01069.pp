# Class to test the Tea::Ip_address type allias
class test::ip_address(
  Tea::Ip_address include,
  ) {
    notice('Success'
  }
