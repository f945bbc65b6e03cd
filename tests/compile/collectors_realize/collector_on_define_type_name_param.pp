define mything ($color = 'red') { notify { "t-${title}": } }
@mything { 'a': color => 'blue' }
@mything { 'b': }
Mything <| color == 'red' |>
