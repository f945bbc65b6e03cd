@service { 'vs': ensure => stopped }
Service <| title == 'vs' |> { ensure => running }
Service <| title == 'nope' |> { ensure => running }
