class monitoring {
  Package <| tag == 'monitoring' |>
  User <| tag == 'staff' and title != 'audit' |> {
    groups => ['staff'],
  }
  File <| tag == 'app-config' |> {
    mode   => '0600',
    notify +> Exec['monitoring-reload'],
  }
  Service <| title == 'app@b' or title == 'app@c' |> {
    enable => false,
  }
  exec { 'monitoring-reload':
    command     => '/bin/systemctl reload monit',
    refreshonly => true,
  }
  Package <| tag == 'base-pkg' |> { provider => 'apt' }
}
