$files = { '/etc/a' => {}, '/etc/b' => { 'mode' => '0600' } }
create_resources(file, $files, { 'ensure' => 'file', 'mode' => '0644' })
