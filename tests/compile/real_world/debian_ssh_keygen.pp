# Debian's puppet-module-ssh-keygen (manifests/init.pp copied verbatim into the modulepath).
ssh_keygen { 'root': }
ssh_keygen { 'deploy': type => 'rsa', bits => 4096, comment => 'deploy@node1', options => '-q' }
ssh_keygen { 'backup': user => 'backup', home => '/var/backups', filename => '/var/backups/.ssh/id_backup' }
