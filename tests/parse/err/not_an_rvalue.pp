$x = User <| |>
