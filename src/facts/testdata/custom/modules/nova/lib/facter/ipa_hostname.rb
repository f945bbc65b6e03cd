# Stands for nova's lib/facter/ipa_hostname.rb (kuppet computes its facts natively).
