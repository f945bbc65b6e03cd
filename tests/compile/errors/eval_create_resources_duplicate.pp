file { '/tmp/a': }
create_resources('file', { '/tmp/a' => {} })
