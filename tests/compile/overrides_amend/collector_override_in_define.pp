define d { File <| tag == 'cfg' |> { mode => '0600' } }
file { '/c': ensure => file, tag => 'cfg' }
d { 'x': }
