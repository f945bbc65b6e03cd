define needs ($value) { }
create_resources('needs', { 'a' => {} })
