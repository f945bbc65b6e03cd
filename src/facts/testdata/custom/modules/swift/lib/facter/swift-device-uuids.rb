# Stands for swift's lib/facter/swift-device-uuids.rb (kuppet computes its facts natively).
