define d($a = 'da', $b = 'db') { notify { $title: message => "${a}/${b}" } }
$res = { 'one' => { 'a' => 'x' }, 'two' => {}, 'three' => { 'b' => 'y' } }
create_resources('d', $res, { 'a' => 'defA', 'b' => 'defB' })
create_resources('file', { '/tmp/f1' => { 'mode' => '0600' } }, { 'ensure' => 'file', 'mode' => '0644' })
create_resources('@notify', { 'virt' => {} }, { 'message' => 'm' })
realize(Notify['virt'])
