# Class to test the Tea::HTTPUrl type alias
class test::httpurl(
    Tea::HTTPUrlTea::HTTPUrl $value,
    ){
  notice('Success')
}
