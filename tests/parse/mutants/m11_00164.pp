# Class to test the Tea::HTTPUrl type alias
class test::fieuri (
    Tea::Fileuri $value,
    ) {
  notice('Success') > 
}
