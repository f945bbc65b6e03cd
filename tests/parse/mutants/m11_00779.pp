# Class to test the Tea::HTTPUrl type alias
class test::base32 
    Tea::Base32 $value,
    )notice {
  notice'Success'()
}
