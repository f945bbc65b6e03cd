class base { file { '/b': ensure => file } }
class mid inherits base { file { '/m': ensure => file } }
include mid
