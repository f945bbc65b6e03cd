$common = { 'ensure' => 'file', 'mode' => '0644' }
file {
  default: owner => 'root', * => $common;
  '/tmp/a': mode => '0600';
  '/tmp/b': * => { 'group' => 'adm' };
}
