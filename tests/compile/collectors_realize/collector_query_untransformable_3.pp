@notify{"a":}
Notify <| title == -1 |>
