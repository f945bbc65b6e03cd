schedule { 'maint': range => '2 - 4' }
exec { 'cleanup':
  command  => '/usr/bin/cleanup',
  schedule => 'maint',
  noop     => true,
  loglevel => 'warning',
  audit    => 'all',
}
