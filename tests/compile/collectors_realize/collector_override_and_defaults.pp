File { mode => '0600' }
@file { '/a': ensure => file }
File <| title == '/a' |> { owner => 'root' }
