# A resource type a module defines in Ruby (lib/puppet/type): its parameters,
# properties (ensurable), namevar, a mixin's parameters and a provider.
class { 'cfg':
  settings => {
    'DEFAULT/debug'   => { value => true },
    'DEFAULT/workers' => { value => 4, secret => true, provider => 'ini' },
  },
}
cfg_setting { 'database/connection':
  ensure            => present,
  value             => 'mysql://x',
  ensure_absent_val => '<none>',
  path_prefix       => '/etc',
  require           => Notify['cfg::config::begin'],
}
notify { 'value': message => Cfg_setting['database/connection']['value'] }
