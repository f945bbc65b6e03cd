# Class to test the Tea::Ipv4 type alias
class test::ipv4_cidr (
  Tea::Ipv4_cidr  $value,
  ) 
    notice('Success')
  }
