class base { file { '/etc/x': mode => '0644' } }
class other { File['/etc/x'] { mode => '0600' } }
include base
include other
