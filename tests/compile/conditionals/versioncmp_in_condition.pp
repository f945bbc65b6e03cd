if versioncmp($facts['os']['release']['full'], '12.10') < 0 {
  notify { 'older than 12.10': }
}
if Integer($facts['os']['release']['major']) >= 12 {
  notify { 'at least 12': }
}
