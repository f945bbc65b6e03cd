class base { package { ['a', 'b']: ensure => installed } }
class child inherits base { Package <| |> { ensure => latest } }
include child
