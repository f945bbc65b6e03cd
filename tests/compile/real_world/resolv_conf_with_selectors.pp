class resolv (
  Array[String, 1, 3] $nameservers = ['10.0.0.53'],
  Array[String] $search = [$facts['domain']],
  Hash[String, Integer] $options = { 'timeout' => 2, 'attempts' => 3 },
) {
  $ns = $nameservers.map |$n| { "nameserver ${n}" }
  $opts = $options.map |$k, $v| { "${k}:${v}" }
  $content = [
    "search ${search.reduce |$a, $b| { "${a} ${b}" }}",
    *$ns,
    "options ${opts.reduce |$a, $b| { "${a} ${b}" }}",
  ].reduce('') |$acc, $l| { "${acc}${l}\n" }
  file { '/etc/resolv.conf': content => $content }
}
class { 'resolv': nameservers => ['1.1.1.1', '9.9.9.9'] }
