class base { File { owner => 'base-owner' } }
class child inherits base { file { '/child': ensure => file } }
include child
