package { 'real': ensure => installed }
Package <| title == 'real' |> { ensure => latest }
