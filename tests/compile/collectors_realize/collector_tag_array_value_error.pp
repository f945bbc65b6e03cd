@notify { 'a': tag => 'one' }
@notify { 'b': tag => 'two' }
@notify { 'c': tag => 'three' }
Notify <| tag == ['one', 'three'] |>
