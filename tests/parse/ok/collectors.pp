User <| |>
User <| title == 'alice' |>
User <| groups != 'admin' and (uid == 1000 or shell == '/bin/sh') |>
Sshkey <<| tag == $::fqdn |>>
Package <| tag == 'web' |> {
  ensure  => latest,
  require +> File['/etc/apt/sources.list'],
}
Package <| |> -> Service <| |>
