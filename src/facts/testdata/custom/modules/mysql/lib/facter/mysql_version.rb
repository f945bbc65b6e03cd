# Stands for mysql's lib/facter/mysql_version.rb (kuppet computes its facts natively).
