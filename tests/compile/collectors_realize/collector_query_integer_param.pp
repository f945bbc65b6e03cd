@user { 'a': uid => 1001 }
@user { 'b': uid => 1002 }
User <| uid == 1001 |>
