@user { 'u': }
User <| title == 'u' |> { shell => '/bin/sh' }
User <| |> { home => '/home/u' }
