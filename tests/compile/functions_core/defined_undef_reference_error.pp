# A resource reference with an undef title is undef, and `defined` takes only
# strings and types: puppet-mongodb's `unless defined(Package[$package_name])`
# with no package name is Puppet's type error, not false.
$package_name = undef
unless defined(Package[$package_name]) {
  notify { 'declared': }
}
