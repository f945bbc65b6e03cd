User <| uid > 1 |>
