class { 'postgresql::server':
  roles => { 'backup' => { 'password' => 'secret' }, 'monitoring' => { 'login' => false } },
}
Exec <| tag == 'postgresql::server::role' |> {
  environment => ['PGCONNECT_TIMEOUT=5'],
}
Package <| tag == 'postgresql' |> -> Exec <| |>
