notify { 'a': }
Notify['a'] -> Package <| tag == 'none' |>
