class base { file { '/x': ensure => file, mode => '0644' } }
class child inherits base { File['/x'] { mode => undef } }
include child
