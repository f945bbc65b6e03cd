package { ['a', 'b', 'c']: }
service { 'svc': require => Package['a'] }
Service <| title == 'svc' |> { require +> [Package['b'], Package['c']] }
