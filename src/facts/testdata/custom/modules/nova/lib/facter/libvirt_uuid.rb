# Stands for nova's lib/facter/libvirt_uuid.rb (kuppet computes its facts natively).
