$hosts = {
  'db1'  => { 'ip' => '10.0.0.21', 'aliases' => ['db', 'postgres'] },
  'web1' => { 'ip' => '10.0.0.31', 'aliases' => [] },
  'lb'   => { 'ip' => '10.0.0.2' },
}
$lines = $hosts.map |$name, $h| {
  $aliases = $h['aliases'] ? { undef => [], default => $h['aliases'] }
  $extra = $aliases.reduce('') |$a, $x| { "${a} ${x}" }
  "${h['ip']} ${name}.${facts['domain']} ${name}${extra}"
}
$body = $lines.reduce("127.0.0.1 localhost\n") |$acc, $l| { "${acc}${l}\n" }
file { '/etc/hosts': content => $body, owner => 'root', mode => '0644' }
