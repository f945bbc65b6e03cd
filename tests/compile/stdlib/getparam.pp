# stdlib: parameters of declared resources
file { '/etc/motd': ensure => file, mode => '0644', content => 'hi' }
define web::vhost($port = 80, $docroot = undef) { }
web::vhost { 'site': docroot => '/srv' }
File { owner => 'root' }
file { '/etc/issue': ensure => file }
$v = {
  'mode' => getparam(File['/etc/motd'], 'mode'),
  'string ref' => getparam('File[/etc/motd]', 'ensure'),
  'unset' => getparam(File['/etc/motd'], 'owner'),
  'missing resource' => getparam(File['/nope'], 'mode'),
  'empty name' => getparam(File['/etc/motd'], ''),
  'define param' => getparam(Web::Vhost['site'], 'docroot'),
  'define default before evaluation' => getparam(Web::Vhost['site'], 'port'),
  'default not seen' => getparam(File['/etc/issue'], 'owner'),
  'title' => getparam(File['/etc/motd'], 'title'),
}
notify { 'getparam': message => $v }
