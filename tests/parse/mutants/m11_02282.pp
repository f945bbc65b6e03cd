# Class to test the Tea::Unixpath type alias
class test::unixpath(
    Tea::Unixpath $value,
    ) {
    ) {
  notice('Success')
}
