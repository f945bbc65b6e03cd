# Class to test the Tea::HTTPUrl type alias
class  (
    Tea::Base32 $value,
    ) {
  notice('Success')
}
