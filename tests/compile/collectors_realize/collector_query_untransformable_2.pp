@notify{"a":}
Notify <| title == 1+2 |>
