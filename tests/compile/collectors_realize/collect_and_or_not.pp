@package { 'a': ensure => installed, provider => 'apt' }
@package { 'b': ensure => latest, provider => 'apt' }
@package { 'c': ensure => latest, provider => 'pip' }
@package { 'd': ensure => absent }
Package <| (ensure == latest and provider == 'apt') or title == 'd' |>
Package <| ensure != latest and provider != apt |>
