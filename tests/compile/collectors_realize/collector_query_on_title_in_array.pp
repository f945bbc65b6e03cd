@package { ['a', 'b', 'c']: }
Package <| title == 'a' or title == 'c' |>
