$kind = $facts['is_virtual'] ? { true => 'vm', false => 'metal' }
notify { 'virtual': message => $kind }
