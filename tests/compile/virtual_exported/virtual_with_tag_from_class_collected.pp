class users { @user { 'alice': } @user { 'bob': } }
include users
User <| tag == 'users' |>
