class test::absolutepath(
    Tea::Absolutepath $value,
    ) {
  notice('Success')
}
