@notify{"a":}
Notify <| title == default |>
