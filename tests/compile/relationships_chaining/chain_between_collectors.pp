package { ['a', 'b']: tag => 'pkgs' }
service { ['x', 'y']: tag => 'svcs' }
Package <| tag == 'pkgs' |> -> Service <| tag == 'svcs' |>
