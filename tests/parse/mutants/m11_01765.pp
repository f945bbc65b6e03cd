# Class to test the Tea::Puppeturi type alias
class test::puppetsource (
    Tea::Puppetsource $value,
    ) {
  ('Success')
}
