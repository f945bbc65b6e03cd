# stdlib: several resources with defaults
ensure_resources('user', { 'dan' => { 'gid' => 100 }, 'eve' => {} }, { 'ensure' => 'present' })
ensure_resources('user', { 'dan' => { 'gid' => 100 } }, { 'ensure' => 'present' })
ensure_resources('file', { '/tmp/x' => undef, '/tmp/y' => { 'mode' => '0644' } })
ensure_resources(package, { 'zsh' => { 'ensure' => 'latest' } })
