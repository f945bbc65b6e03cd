notify { 'n': message => [$facts['networking']['fqdn'], $::fqdn, $fqdn, $facts['nosuch'], $trusted['certname'], $trusted['hostname'], $trusted['domain'], $server_facts] }
