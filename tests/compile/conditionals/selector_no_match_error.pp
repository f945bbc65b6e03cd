$osname = 'Solaris'
$pkg = $osname ? {
  'Debian' => 'apt',
  'RedHat' => 'yum',
}
notify { $pkg: }
