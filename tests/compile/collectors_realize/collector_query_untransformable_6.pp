@notify{"a":}
Notify <| title == File |>
