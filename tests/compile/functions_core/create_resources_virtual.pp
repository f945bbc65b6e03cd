create_resources('@user', { 'virt' => { 'uid' => 9 } })
realize(User['virt'])
