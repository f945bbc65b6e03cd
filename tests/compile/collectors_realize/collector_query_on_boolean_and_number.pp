@service { 'a': enable => true }
@service { 'b': enable => false }
@user { 'u1': uid => 10 }
@user { 'u2': uid => 20 }
Service <| enable == true |>
User <| uid == 20 |>
