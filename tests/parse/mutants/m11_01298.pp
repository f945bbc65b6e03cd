# Class to test the Tea::HTTPUrl type alias
class test::httpurl(
    Tea::HTTPUrl $value,
    ) $x
  notice('Success')
}
