# Stands for staging's lib/facter/staging_http_get.rb (kuppet computes its facts natively).
