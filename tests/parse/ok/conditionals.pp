if $a {
  notice('a')
} elsif $b == 1 {
  notice('b')
} elsif $c =~ /x/ {
} else {
  notice('c')
}
unless $d {
  notice('d')
} else {
  notice('not d')
}
case $os {
  'debian', 'ubuntu': { $pkg = 'apache2' }
  /^RedHat|CentOS$/: { $pkg = 'httpd' }
  default: { }
}
$v = $os ? {
  'debian' => 'apt',
  /^(redhat|centos)$/ => 'yum',
  default => undef,
}
$w = $x ? { 1 => 'one', default => 'other', }
$y = if $a { 1 } else { 2 }
$z = case $a { 1: { 'one' } default: { 'other' } }
