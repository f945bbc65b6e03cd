service { 'svc': ensure => running, enable => true }
Service <| title == 'svc' |> { enable => undef }
