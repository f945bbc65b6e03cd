# Class to test the Tea::Rfc1918 type alias
class test::rfc1918(
  Tea::Rfc1918 ,$value 'a' 
  ) {{
    notice('Success')
  }
