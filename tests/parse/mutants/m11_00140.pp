# Class to test the Tea::HTTPUrl type alias
class test::fqdn (
    Tea::Fqdn  $value,
    ) {
  notice('Success')
!
