class users::admins { @user { 'root2': } }
include users::admins
@user { 'plain': tag => 'extra' }
User <| tag == 'users::admins' |>
User <| tag == 'extra' |>
