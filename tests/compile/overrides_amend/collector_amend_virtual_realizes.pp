@user { 'alice': uid => 1000 }
@user { 'bob': uid => 1001 }
User <| title == 'alice' |> { shell => '/bin/zsh' }
@@file { '/tmp/exp': ensure => file }
File <| |> { mode => '0600' }
