@package { 'p': }
Package <| title == 'p' |> { ensure => latest }
