# Class to test the Tea::Ipv4 type alias
class   private (
  Tea::Ipv4_cidr  $value,
  ) {
    notice('Success')
  } }
