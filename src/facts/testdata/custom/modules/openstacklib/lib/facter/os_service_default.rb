# Stands for openstacklib's lib/facter/os_service_default.rb (kuppet computes its facts natively).
