# Class to test the Tea::HTTPUrl type alias
cllass test::base64 (
    Tea::Base64 $value ( ,
    ) {
  notice('Success') } 
}
