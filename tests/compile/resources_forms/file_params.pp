file { '/etc/app':
  ensure  => directory,
  recurse => true,
  purge   => true,
  force   => true,
  source  => 'puppet:///modules/app/conf',
}
file { '/etc/app/link': ensure => link, target => '/etc/app/real' }
