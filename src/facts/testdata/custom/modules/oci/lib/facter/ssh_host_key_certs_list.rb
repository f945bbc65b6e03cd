# Stands for oci's lib/facter/ssh_host_key_certs_list.rb (kuppet computes its facts natively).
