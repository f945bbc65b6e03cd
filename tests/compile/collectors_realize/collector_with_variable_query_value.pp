$wanted = 'web'
@notify { 'a': tag => 'web' }
@notify { 'b': tag => 'db' }
Notify <| tag == $wanted |>
