# Stands for swift's lib/facter/swift-commented-fstab-entries.rb (kuppet computes its facts natively).
