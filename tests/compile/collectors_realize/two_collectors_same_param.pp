package { 'p': ensure => installed }
Package <| title == 'p' |> { ensure => '1.0' }
Package <| tag == 'package' |> { ensure => '2.0' }
