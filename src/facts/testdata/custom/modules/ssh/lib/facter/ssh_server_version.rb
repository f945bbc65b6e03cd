# Stands for ssh's lib/facter/ssh_server_version.rb (kuppet computes its facts natively).
