# Stands for stdlib's lib/facter/service_provider.rb (kuppet computes its facts natively).
