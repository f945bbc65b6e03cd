# A parameter the Ruby type does not define.
cfg_setting { 'DEFAULT/debug':
  value => true,
  bogus => 1,
}
