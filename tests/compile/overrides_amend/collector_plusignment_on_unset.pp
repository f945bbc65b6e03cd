package { 'x': }
service { 'svc': }
Service <| |> { require +> Package['x'] }
