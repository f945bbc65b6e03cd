@notify { 'MixedCase': }
Notify <| title == 'mixedcase' |>
