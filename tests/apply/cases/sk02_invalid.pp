# Neither user nor target: the catalog is invalid.
ssh_authorized_key { 'nobody@nowhere': type => 'ssh-rsa', key => 'AAAA' }
