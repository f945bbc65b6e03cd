define svc($port = 80) {
  notify { "svc ${title}": message => $port }
}
@svc { 'a': port => 1 }
@svc { 'b': }
@svc { 'c': port => 3 }
Svc <| port == 1 |>
realize(Svc['b'])
