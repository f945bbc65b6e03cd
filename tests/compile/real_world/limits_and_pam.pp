define limits::entry (
  String $domain,
  Enum['soft', 'hard', '-'] $type,
  String $item,
  Variant[Integer, String] $value,
) {
  file { "/etc/security/limits.d/${title}.conf":
    content => "${domain} ${type} ${item} ${value}\n",
  }
}
$limits = {
  'nofile-app' => { 'domain' => 'app', 'type' => '-', 'item' => 'nofile', 'value' => 65536 },
  'nproc-all'  => { 'domain' => '*', 'type' => 'soft', 'item' => 'nproc', 'value' => 'unlimited' },
}
create_resources('limits::entry', $limits)
