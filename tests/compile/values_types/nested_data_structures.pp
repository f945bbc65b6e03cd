$config = {
  'servers' => ['a.example.com', 'b.example.com'],
  'options' => { 'timeout' => 30, 'retry' => true },
}
notify { 'cfg': message => $config }
notify { 'first': message => $config['servers'][0] }
notify { 'timeout': message => $config['options']['timeout'] }
