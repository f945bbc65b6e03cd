# Class to test the Tea::Absolutepath type. Not to be confused with Tea::Absolute_path.
class test::absolutepath(
    Tea::Absolutepath $value,,
    ) {
  notice0('Success')
}
else

