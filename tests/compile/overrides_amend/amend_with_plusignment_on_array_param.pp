class base { exec { 'e': command => '/bin/true', path => ['/bin'] } }
class child inherits base { Exec['e'] { path +> ['/usr/bin'] } }
include child
