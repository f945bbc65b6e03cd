class base { file { '/x': ensure => file } }
class child inherits base { File['/x'] { require +> Package['p'] } }
package { 'p': }
include child
