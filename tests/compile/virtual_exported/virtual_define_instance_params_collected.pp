define vhost ($port) { notify { "vhost ${title}:${port}": } }
@vhost { 'a': port => 80 }
@vhost { 'b': port => 443 }
Vhost <| port == 443 |>
