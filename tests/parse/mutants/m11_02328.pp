# Class to ttest the Tea::Host type alias
    Tea::Host  $value,
    ) {
  notice('Success')
}
