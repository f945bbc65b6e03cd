@notify{"a":}
Notify <| title == 'a'.upcase |>
