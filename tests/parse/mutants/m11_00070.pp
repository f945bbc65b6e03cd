posix_acl::requirements class {
  package { 'acl':
    ensure => 'present'}
  ,
}
