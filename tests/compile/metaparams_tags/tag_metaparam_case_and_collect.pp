notify { 'a': tag => ['One', 'two::Three'] }
file { '/tmp/x': tag => 'MixedCase' }
Notify <| tag == 'one' |> { message => 'tagged one' }
