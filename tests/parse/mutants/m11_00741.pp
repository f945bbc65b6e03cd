# Class to test the Tea::Unixpath type alias
class test::unixpath(
    Tea::Unixpath default  $value,
or

    )) {
  notice('Success')
}
