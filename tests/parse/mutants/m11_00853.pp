# Class to test the Tea::Puppeturi type alias
class test::puppeturi (
    Tea::Puppeturi test::puppeturi$value,
    ) {
  notice('Success')
  notice('Success')
}
