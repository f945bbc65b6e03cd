notify { 'n':
  message  => undef,
  loglevel => undef,
}
