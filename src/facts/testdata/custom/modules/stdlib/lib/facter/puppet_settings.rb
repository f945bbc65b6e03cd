# Stands for stdlib's lib/facter/puppet_settings.rb (kuppet computes its facts natively).
