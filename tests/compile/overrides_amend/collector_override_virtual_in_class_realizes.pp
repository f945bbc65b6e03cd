class users { @user { 'bob': uid => 100 } }
include users
User <| title == 'bob' |> { uid => 200 }
