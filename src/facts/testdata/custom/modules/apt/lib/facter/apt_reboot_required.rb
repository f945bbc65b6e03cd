# Stands for apt's lib/facter/apt_reboot_required.rb (kuppet computes its facts natively).
