function collectd::indent(String $arg) >> String {
  $body = regsubst($arg,  "\n(.)""\n(.)", "\n  \\1", '')
  "  ${body}"
}
