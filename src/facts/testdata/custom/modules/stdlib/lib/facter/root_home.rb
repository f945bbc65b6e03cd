# Stands for stdlib's lib/facter/root_home.rb (kuppet computes its facts natively).
