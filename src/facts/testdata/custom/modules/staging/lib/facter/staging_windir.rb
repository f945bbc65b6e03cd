# Stands for staging's lib/facter/staging_windir.rb (kuppet computes its facts natively).
