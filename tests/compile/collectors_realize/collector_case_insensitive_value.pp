@package { 'a': ensure => 'Installed' }
Package <| ensure == 'installed' |>
