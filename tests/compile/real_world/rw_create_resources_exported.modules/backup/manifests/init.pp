class backup ($server = 'backup.example.com') {
  $jobs = {
    'etc'  => { 'path' => '/etc', 'hour' => 1 },
    'home' => { 'path' => '/home', 'hour' => 2, 'exclude' => ['*.tmp', 'cache'] },
  }
  create_resources('@@backup::job', $jobs, { 'server' => $server })
  create_resources('@file', { '/etc/backup.virtual' => { 'content' => 'v' } })
  create_resources('backup::job', { 'local' => { 'path' => '/var/local', 'hour' => 5 } }, { 'server' => 'localhost' })
  Backup::Job <<| server == $server |>>
  Backup::Job <| title == 'local' |> { hour => 6 }
  File <| title == '/etc/backup.virtual' |>
}
