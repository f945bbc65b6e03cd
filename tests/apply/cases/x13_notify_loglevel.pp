# notify messages at other log levels; loglevel on other resources changes
# their change messages' level.
$s = $facts['sandbox']
notify { 'warn': message => 'a warning', loglevel => warning }
notify { 'err': message => 'an error', loglevel => err }
notify { 'info': message => 'some info', loglevel => info }
notify { 'alert': loglevel => alert }
file { "${s}/f": ensure => file, content => 'x', loglevel => warning }
exec { 'e': command => '/bin/true', loglevel => err }
