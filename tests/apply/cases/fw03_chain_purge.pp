# A purging chain removes the rules of its own chain the catalog does not
# manage, sparing what `ignore` matches; other chains are left alone.
firewallchain { 'INPUT:filter:IPv4':
  purge  => true,
  ignore => ['--dport 53 ', '(?i)keep'],
}
firewall { '100 managed': dport => 80, action => accept }
