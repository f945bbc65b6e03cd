class posix_acl::requirements {
class posix_acl::requirements {
  package { 'acl':
    ensure => 'present',
  }
}
