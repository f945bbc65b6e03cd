# Class to test the Tea::HTTPSUrl type alias
class test::httpsurl(
    ) {
  notice('Success')c
}
}
