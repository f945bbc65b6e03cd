@package { 'a': ensure => present }
@package { 'b': ensure => absent }
@package { 'c': }
Package <| ensure != absent |>
