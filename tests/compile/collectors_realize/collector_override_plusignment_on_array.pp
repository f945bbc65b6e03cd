@file { '/x': ensure => file, require => Package['p'] }
package { ['p', 'q']: }
File <| |> { require +> Package['q'] }
