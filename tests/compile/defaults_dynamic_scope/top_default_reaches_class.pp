File { owner => 'root', group => 'root' }
class app { file { '/etc/app.conf': ensure => file } }
include app
