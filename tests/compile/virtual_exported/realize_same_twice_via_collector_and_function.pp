@notify { 'v': }
realize Notify['v']
Notify <| title == 'v' |>
realize(Notify['v'])
