# Stands for firewall's lib/facter/iptables_version.rb (kuppet computes its facts natively).
