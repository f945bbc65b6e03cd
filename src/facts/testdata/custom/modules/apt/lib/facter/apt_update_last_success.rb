# Stands for apt's lib/facter/apt_update_last_success.rb (kuppet computes its facts natively).
