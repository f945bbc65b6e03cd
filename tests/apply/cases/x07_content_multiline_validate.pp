# Multi-line content built like a template, checked by validate_cmd; a
# change to an existing file whose validation fails leaves the old content,
# and its dependent is skipped.
$s = $facts['sandbox']
$servers = ['alpha', 'beta']
$body = $servers.map |$i, $n| { "server ${n} id=${i}\n" }.join('')
file { "${s}/good.conf":
  ensure       => file,
  content      => "# managed\n[main]\n${body}end\n",
  validate_cmd => '/bin/grep -q "^end$" %',
}
file { "${s}/bad.conf":
  ensure       => file,
  content      => @("EOT"),
    # managed
    ${body}
    | EOT
  validate_cmd => '/bin/grep -q "^end$" %',
}
-> exec { 'after-bad': command => "/usr/bin/touch ${s}/after-bad" }
