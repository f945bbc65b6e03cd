# undef titles in a resource reference are dropped (firewall::linux::redhat:
# before => Service[$service_name, $service_name_v6] with no v6 service).
$u = undef
service { ['a', 'b']: }
notify { 'x': before => Service['a', $u] }
notify { 'refs':
  message => String([Service[$u], Service[$u, $u], Service[[$u]], Service[['a', $u]], Service[[]], Service['a', ['b', $u]]]),
}
