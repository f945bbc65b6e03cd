@user { 'a': uid => 1 }
@user { 'b': uid => 2 }
User <| |> { shell => '/bin/zsh', managehome => true }
