@notify { 'a': message => 'orig' }
@notify { 'b': message => 'orig' }
Notify <| title == 'a' |> { message => 'first' }
Notify <| title == 'b' |>
realize(Notify['a'])
