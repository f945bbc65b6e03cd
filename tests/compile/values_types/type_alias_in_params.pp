type Port = Integer[1, 65535]
type Svc = Struct[{name => String[1], port => Port, Optional[proto] => Enum['tcp', 'udp']}]
class c(Array[Svc] $svcs) {
  $svcs.each |$s| { notify { $s['name']: message => "${s['port']}/${pick($s['proto'], 'tcp')}" } }
}
class { 'c': svcs => [{name => 'http', port => 80}, {name => 'dns', port => 53, proto => 'udp'}] }
