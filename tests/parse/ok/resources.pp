file { '/tmp/a':
  ensure => file,
  mode   => '0644',
}
file {
  '/tmp/b':
    ensure => directory;
  ['/tmp/c', '/tmp/d']:
    ensure => absent;
  default:
    owner => 'root';
}
file { '/tmp/e':
  * => $attrs,
}
file { '/tmp/f': }
file { '/tmp/g': ensure => file; '/tmp/h': ensure => file, }
@user { 'virtual': uid => 1000 }
@@sshkey { 'exported': type => 'rsa', key => 'x' }
File { '/tmp/abstract': ensure => file }
Resource[File] { '/tmp/resource': ensure => file }
Resource['package'] { 'vim': ensure => installed }
Resource[$type] { 'title': }
class { 'apache': version => '2.4' }
class { ['a', 'b']: }
file { "/tmp/${name}": content => template('x/y.erb'), }
exec { 'keywords':
  unless  => 'test -f x',
  before  => File['/tmp/a'],
  require => [Package['x'], Service['y']],
}
