user { 'u': groups => ['a'] }
User <| title == 'u' |> { groups +> ['b'] }
