Exec { path => ['/usr/bin', '/bin'], logoutput => true }
exec { 'a': command => 'true' }
class c { exec { 'b': command => 'false' } }
include c
