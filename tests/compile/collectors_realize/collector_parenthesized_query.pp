@user { 'a': groups => ['admin'], shell => '/bin/bash', tag => 'x' }
@user { 'b': groups => ['dev'], shell => '/bin/zsh' }
@user { 'c': groups => ['admin', 'dev'], shell => '/bin/zsh' }
User <| (groups == 'admin' or tag == 'x') and shell == '/bin/zsh' |>
