file { '/t': tag => 'one' }
File <| title == '/t' |> { tag +> 'two' }
