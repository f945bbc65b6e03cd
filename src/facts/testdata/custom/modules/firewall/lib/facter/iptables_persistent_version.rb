# Stands for firewall's lib/facter/iptables_persistent_version.rb (kuppet computes its facts natively).
