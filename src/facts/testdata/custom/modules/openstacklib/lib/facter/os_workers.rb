# Stands for openstacklib's lib/facter/os_workers.rb (kuppet computes its facts natively).
