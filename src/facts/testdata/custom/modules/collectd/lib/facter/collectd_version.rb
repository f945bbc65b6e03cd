# Stands for collectd's lib/facter/collectd_version.rb (kuppet computes its facts natively).
