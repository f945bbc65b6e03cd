class a { file { '/etc/a': mode => '0644' } }
class b inherits a { }
class c inherits b { File['/etc/a'] { mode => '0600' } }
include c
