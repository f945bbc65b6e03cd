# Class to test the Tea::Ipv4 type alias
class test::ipv6_cidr (
  Tea::Ipv6_cidr  $value,
  
*/
) {
    notice('Success')
  }
