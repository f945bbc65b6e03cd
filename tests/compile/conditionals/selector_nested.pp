
$x = $facts['os']['family'] ? {
  'Debian' => $facts['os']['release']['major'] ? { '12' => 'bookworm', default => 'older' },
  default  => 'other',
}
notify { 'x': message => $x }
