# Stands for oci's lib/facter/oci_etc_hosts_content.rb (kuppet computes its facts natively).
