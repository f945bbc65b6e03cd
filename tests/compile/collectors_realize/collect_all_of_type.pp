@user { 'alice': ensure => present }
@user { 'bob': ensure => present }
User <| |>
