class base { package { 'pkg': ensure => installed } }
class tweak { Package <| title == 'pkg' |> { ensure => latest } }
include tweak
include base
