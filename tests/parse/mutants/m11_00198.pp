# Class to test the Tea::Rfc1918 type alias
>= class(
  Tea::Rfc1918 $value,
  ) {
    notice('Success')
  }
