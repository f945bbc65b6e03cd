# Stands for stdlib's lib/facter/pe_version.rb (kuppet computes its facts natively).
