# stdlib: defined resources compared by parameters
package { 'curl': ensure => installed, provider => apt }
user { 'bob': ensure => present }
class base { }
include base
Package { install_options => ['x'] }
package { 'zip': }
$checks = {
  'plain' => defined_with_params(Package['curl']),
  'string' => defined_with_params('Package[curl]', { 'ensure' => 'installed' }),
  'lowercase' => defined_with_params('package[curl]', { 'ensure' => 'installed' }),
  'mismatch' => defined_with_params(Package['curl'], { 'ensure' => 'latest' }),
  'two' => defined_with_params(Package['curl'], { 'ensure' => 'installed', 'provider' => 'apt' }),
  'undef param' => defined_with_params(Package['curl'], { 'source' => undef }),
  'missing' => defined_with_params(Package['nope']),
  'case' => defined_with_params(Package['curl'], { 'ensure' => 'Installed' }),
  'class' => defined_with_params(Class['base']),
  'class string' => defined_with_params('Class[base]', {}),
  'type only' => defined_with_params(User, { 'ensure' => 'present' }),
  'type only mismatch' => defined_with_params(User, { 'ensure' => 'absent' }),
  'unknown type' => defined_with_params('Nosuch[x]'),
  'default not seen' => defined_with_params(Package['zip'], { 'install_options' => ['x'] }),
  'empty params' => defined_with_params(Package['curl'], ''),
}
notify { 'defined_with_params': message => $checks }
define thing() {
  notify { "thing ${title} sees itself: ${defined_with_params(Thing[$title])}": }
}
thing { 'a': }
