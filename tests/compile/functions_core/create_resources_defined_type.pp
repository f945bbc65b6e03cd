define app::port ($proto = 'tcp') { notify { "port ${title}/${proto}": } }
create_resources('app::port', { '80' => {}, '53' => { 'proto' => 'udp' } })
