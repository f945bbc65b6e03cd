# Parameters given in a resource-like declaration win over data; an explicit
# undef is not given, so data fills it.
class { 'mymod':
  package_name => 'given',
  servers      => undef,
}
