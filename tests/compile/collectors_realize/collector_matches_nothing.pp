User <| title == 'nobody-here' |>
notify { 'ok': }
