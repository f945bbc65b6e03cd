User <| title == x
