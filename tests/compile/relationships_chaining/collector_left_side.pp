package { ['p1', 'p2']: tag => 'deps' }
service { 'app': }
Package <| tag == 'deps' |> -> Service['app']
