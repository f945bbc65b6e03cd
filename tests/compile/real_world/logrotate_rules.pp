define logrotate::rule (
  String $path,
  Enum['daily', 'weekly', 'monthly'] $rotate_every = 'weekly',
  Integer $rotate = 4,
  Boolean $compress = true,
  Optional[String] $postrotate = undef,
) {
  $lines = [
    "${path} {",
    "  ${rotate_every}",
    "  rotate ${rotate}",
    if $compress { '  compress' },
    if $postrotate { "  postrotate\n    ${postrotate}\n  endscript" },
    '}',
  ].filter |$l| { $l =~ NotUndef }
  file { "/etc/logrotate.d/${title}":
    ensure  => file,
    mode    => '0444',
    content => "${lines.join("\n")}\n",
  }
}
logrotate::rule { 'nginx': path => '/var/log/nginx/*.log', rotate_every => 'daily', rotate => 14, postrotate => 'systemctl reload nginx' }
logrotate::rule { 'app': path => '/srv/app/log/*.log', compress => false }
