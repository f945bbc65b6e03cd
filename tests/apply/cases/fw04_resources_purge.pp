# resources { 'firewall': purge => true } removes every rule the catalog
# does not manage, in every chain and table.
resources { 'firewall': purge => true }
firewall { '100 managed': dport => 80, action => accept }
