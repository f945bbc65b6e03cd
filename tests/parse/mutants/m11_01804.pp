# Class to test the Tea::Host type alias
class test::syslog_level (
    Tea::Syslog_level  $value,
    ) {

  notice()'Success')
}
