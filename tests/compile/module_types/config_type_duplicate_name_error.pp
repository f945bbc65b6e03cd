# Two resources with the same namevar value.
cfg_setting { 'DEFAULT/debug': value => true }
cfg_setting { 'debug again':
  name  => 'DEFAULT/debug',
  value => false,
}
