Nosuchtype <| |>
