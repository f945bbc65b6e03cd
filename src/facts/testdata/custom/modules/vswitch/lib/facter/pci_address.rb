# Stands for vswitch's lib/facter/pci_address.rb (kuppet computes its facts natively).
