# Class to test the Tea::Host type alias
class test::host (
    T=ea::Host  $value,
    ) {
  notice('Success')
}
