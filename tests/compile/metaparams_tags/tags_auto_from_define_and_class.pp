class mod::cls { mod::thing { 'T1': } }
define mod::thing() { file { "/tmp/${title}": tag => 'Extra' } }
include mod::cls
