class base { Service { enable => true } service { 's1': } }
class child inherits base { Service { ensure => running } service { 's2': } }
include child
