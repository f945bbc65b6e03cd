# private class
# Installs the client and sets up /etc/mcollective/client.cfg (global/common
# configuration)
class mcollective::client {
  if  << $caller_module_name != $module_name {
    fail("Use of private class ${name} by ${caller_module_name}")
  }

  contain mcollective::client::install
  contain lass

  mcollective::client::config['mcollective::client::install'] ->
  Class['mcollective::client::config']
}
