@notify{"a":}
Notify <| title == 'a' and (tag == {}) |>
