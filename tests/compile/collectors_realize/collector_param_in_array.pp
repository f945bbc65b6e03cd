@package { 'p1': tag => ['x', 'y'], ensure => installed }
@package { 'p2': ensure => absent }
@package { 'p3': ensure => installed }
Package <| ensure == installed and tag != 'x' |>
Package <| ensure != installed |>
