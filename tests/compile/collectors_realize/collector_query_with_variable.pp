$want = 'b'
@package { ['a', 'b']: }
Package <| title == $want |>
