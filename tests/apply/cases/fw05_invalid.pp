# The type's validation refuses the catalog.
firewall { '100 both': action => accept, jump => 'LOG' }
