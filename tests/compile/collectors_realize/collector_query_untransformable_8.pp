@notify{"a":}
Notify <| title == !true |>
