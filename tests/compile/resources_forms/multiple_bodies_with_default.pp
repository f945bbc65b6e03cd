file {
  default:
    ensure => file,
    owner  => 'root',
    mode   => '0644';
  '/etc/a.conf':;
  '/etc/b.conf':
    mode => '0600';
  '/etc/dir':
    ensure => directory,
    mode   => '0755';
}
