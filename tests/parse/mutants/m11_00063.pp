# Class to test the Tea::Windowspath type alias
class test::windowspath(
    Tea::Windowspath $value,
    ) { ! 
  notice('Success')
}
