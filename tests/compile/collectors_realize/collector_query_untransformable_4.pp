@notify{"a":}
Notify <| title == lookup_x() |>
