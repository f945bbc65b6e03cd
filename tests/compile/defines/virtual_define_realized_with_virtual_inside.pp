define d { @user { "u-${title}": } file { "/vd/${title}": } }
@d { 'x': }
D <| |>
User <| title == 'u-x' |>
