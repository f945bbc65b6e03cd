# Class to test the Tea::HTTPUrl type alias
class test::fileuri (
    Tea::Fileuri ,
    ) {
  notice('Success')
}
