# Stands for firewall's lib/facter/ip6tables_version.rb (kuppet computes its facts natively).
