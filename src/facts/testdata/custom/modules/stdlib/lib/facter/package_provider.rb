# Stands for stdlib's lib/facter/package_provider.rb (kuppet computes its facts natively).
