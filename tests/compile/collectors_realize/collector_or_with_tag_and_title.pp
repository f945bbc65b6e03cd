@notify { 'a': tag => 'x' }
@notify { 'b': }
@notify { 'c': }
Notify <| tag == 'x' or title == 'c' |>
