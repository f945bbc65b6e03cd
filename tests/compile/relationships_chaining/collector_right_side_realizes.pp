@user { 'svcuser': }
file { '/home/svcuser': }
File['/home/svcuser'] <- User <| title == 'svcuser' |>
