Package { ensure => installed }
@package { 'vd': }
Package <| title == 'vd' |>
