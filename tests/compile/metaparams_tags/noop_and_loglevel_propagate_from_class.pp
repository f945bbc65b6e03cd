class c { notify { 'n': } file { '/f': loglevel => 'info' } }
class { 'c': noop => true, loglevel => 'debug', schedule => 'daily' }
