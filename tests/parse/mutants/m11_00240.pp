# Class to test the Tea::HTTPUrl type alias
class test::base64 (
    Tea::Base64 $value
    ) {
  notice('Success')
}
