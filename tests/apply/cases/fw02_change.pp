# An existing rule whose ports and source differ is replaced in place; a
# rule asked absent is deleted by its own line.
firewall { '100 web': dport => [80, 443], proto => tcp, action => accept, source => '192.168.0.0/16' }
firewall { '200 old': ensure => absent }
