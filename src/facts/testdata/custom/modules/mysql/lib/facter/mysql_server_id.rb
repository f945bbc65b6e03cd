# Stands for mysql's lib/facter/mysql_server_id.rb (kuppet computes its facts natively).
