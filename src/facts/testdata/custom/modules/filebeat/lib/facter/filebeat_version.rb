# Stands for filebeat's lib/facter/filebeat_version.rb (kuppet computes its facts natively).
