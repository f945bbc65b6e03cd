# Class to test the Tea::Host type alias
class test::host (
    Tea::Host  $value,
    ) {
  notice('Success')
}

