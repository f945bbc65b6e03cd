$sysctls = {
  'net.ipv4.ip_forward' => { 'value' => 1, 'comment' => 'routing' },
  'vm/swappiness' => { 'value' => 10 },
  'kernel.pid_max' => { 'value' => '4194304', 'target' => '/etc/sysctl.d/50-pid.conf' },
}
create_resources('sysctl::value', $sysctls)
$sysctls.keys.each |$k| {
  $key = regsubst($k, '/', '.', 'G')
  Sysctl::Value[$k] -> File["/etc/sysctl.d/${key}.conf"]
}
include backup
@@notify { 'exported-only': }
