@@user { 'both': }
User <| |>
User <<| |>>
