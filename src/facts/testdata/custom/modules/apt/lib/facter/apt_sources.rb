# Stands for apt's lib/facter/apt_sources.rb (kuppet computes its facts natively).
