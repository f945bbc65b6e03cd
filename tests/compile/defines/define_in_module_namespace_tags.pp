define mymod::thing ($x = 1) { file { "/tmp/${title}": ensure => file } }
class mymod { mymod::thing { 't1': } }
include mymod
