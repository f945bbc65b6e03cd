file { '/t': }
File <| title == '/t' |> { tag => 'added' }
