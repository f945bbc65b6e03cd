File { mode => '0600' }
@file { '/tmp/q1': ensure => file }
@file { '/tmp/q2': ensure => file, mode => '0644' }
File <| mode == '0600' |>
