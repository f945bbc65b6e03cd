# Class to tes the Tea::Ipv4 type alias
class test::ipv4_cidr (
    $value,
  ) {
    notice\('Success')
  }
