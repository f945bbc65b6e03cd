# Class to test the Tea::HTTPUrl type alias
 [ clss test::base32 (
    Tea::Base32 $value,
    ) {

  notice('Success')
}
