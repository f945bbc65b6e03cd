$rules = {
  '100 allow ssh'   => { 'port' => 22, 'proto' => 'tcp' },
  '110 allow http'  => { 'port' => [80, 443], 'proto' => 'tcp' },
  '900 drop rest'   => { 'action' => 'drop' },
}
$rules.each |$name, $r| {
  $ports = $r['port'] ? { undef => 'any', Array => $r['port'].join(','), default => String($r['port']) }
  $action = $r['action'].lest || { 'accept' }
  $proto = $r['proto'].then |$p| { "-p ${p} " }
  exec { "iptables ${name}": command => "/sbin/iptables -A INPUT ${proto}--dport ${ports} -j ${action}" }
}
