$common = { 'ensure' => 'file', 'owner' => 'app' }
file {
  default: * => $common;
  '/srv/x': mode => '0640';
}
