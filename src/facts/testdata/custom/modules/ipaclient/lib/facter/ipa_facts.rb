# Stands for ipaclient's lib/facter/ipa_facts.rb (kuppet computes its facts natively).
