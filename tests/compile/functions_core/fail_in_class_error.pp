class guard {
  if $facts['os']['family'] != 'RedHat' {
    fail("Class guard does not support ${facts['os']['family']}")
  }
}
include guard
