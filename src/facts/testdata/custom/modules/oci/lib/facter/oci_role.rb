# Stands for oci's lib/facter/oci_role.rb (kuppet computes its facts natively).
