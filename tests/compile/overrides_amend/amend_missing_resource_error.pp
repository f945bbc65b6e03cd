File['/tmp/none'] { mode => '0600' }
