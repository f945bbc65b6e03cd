# resources { 'firewallchain': purge => true }: every chain the catalog does
# not manage goes; Puppet "removes" built-in chains too (with a warning,
# running nothing), every run.
resources { 'firewallchain': purge => true }
firewallchain { 'keep:filter:IPv4': ensure => present }
firewallchain { 'INPUT:filter:IPv4': policy => accept }
