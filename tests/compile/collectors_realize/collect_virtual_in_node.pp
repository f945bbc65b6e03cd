node default {
  @user { 'nodeuser': }
  User <| |>
}
