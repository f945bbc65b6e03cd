define d ($role) { notify { "n-${title}": } }
@d { 'a': role => 'web' }
@d { 'b': role => 'db' }
D <| role == 'web' |>
