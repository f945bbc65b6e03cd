@package { ['a', 'b', 'c']: }
Package <| title == 'b' |>
