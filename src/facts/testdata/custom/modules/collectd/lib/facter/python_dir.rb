# Stands for collectd's lib/facter/python_dir.rb (kuppet computes its facts natively).
