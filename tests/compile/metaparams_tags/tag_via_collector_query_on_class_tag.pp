class profile::base { file { '/etc/issue': } }
include profile::base
File <| tag == 'profile' |> { mode => '0644' }
