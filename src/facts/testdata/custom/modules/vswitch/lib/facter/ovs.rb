# Stands for vswitch's lib/facter/ovs.rb (kuppet computes its facts natively).
