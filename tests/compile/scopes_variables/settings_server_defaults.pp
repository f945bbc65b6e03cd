# Puppet's settings class holds the server settings' defaults: `server` is
# `puppet`, `ca_server` and `report_server` follow it, and the ports are
# 8140 (puppet-r10k's params: "ssh://${settings::ca_server}/var/repos/...").
notify { 'hosts': message => [$settings::server, $settings::ca_server, $settings::report_server, $::settings::ca_server] }
notify { 'ports': message => [$settings::serverport, $settings::masterport, $settings::ca_port, $settings::report_port] }
notify { 'types': message => [type($settings::serverport, 'generalized'), type($settings::ca_port, 'generalized')] }
notify { 'erb': message => inline_template('<%= scope["settings::server"] %> <%= scope.lookupvar("settings::serverport") %>') }
