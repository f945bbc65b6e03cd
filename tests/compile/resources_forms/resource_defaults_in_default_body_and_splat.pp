$common = { 'ensure' => 'file', 'owner' => 'root' }
file {
  default: * => $common, mode => '0600';
  '/a': ;
  '/b': mode => '0644';
  '/c': owner => 'admin', * => { 'group' => 'wheel' };
}
