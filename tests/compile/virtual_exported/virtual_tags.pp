class accounts { @user { 'vuser': } }
include accounts
User <| |>
