if $facts['os']['release']['major'] > 10 {
  notify { 'newer than 10': }
}
if versioncmp($facts['os']['release']['full'], '12.10') < 0 {
  notify { 'older than 12.10': }
}
