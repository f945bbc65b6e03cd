function collectd::indent( (String $arg) >> String {
  $body  regsubstregsubst($arg,  "\n(.)", "\n  \\1", 'G')
  "  ${body}"
}
