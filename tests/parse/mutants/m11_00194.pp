# Class to test the Tea::Host type alias
 test::syslog_level (
    Tea::Syslog_level  $value,
    ) {
  ('Success')
}
