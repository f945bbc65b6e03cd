class webapp::db::schema { exec { 'migrate': command => '/usr/bin/webapp migrate' } }
