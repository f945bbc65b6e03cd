# Stands for systemd's lib/facter/systemd.rb (kuppet computes its facts natively).
