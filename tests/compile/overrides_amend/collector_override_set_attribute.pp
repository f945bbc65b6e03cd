file { '/etc/a': ensure => file, mode => '0644' }
File <| title == '/etc/a' |> { mode => '0600' }
