# Stands for apt's lib/facter/apt_updates.rb (kuppet computes its facts natively).
