$x = "a"
@notify{"a":}
@notify{"b": message => "m"}
Notify <| title == "${x}" or (message == $facts["nothing"]) |>
