# Stands for ssh's lib/facter/ssh_client_version.rb (kuppet computes its facts natively).
