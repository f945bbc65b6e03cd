# Stands for ipaclient's lib/facter/sssd_facts.rb (kuppet computes its facts natively).
