$node_fqdn = $facts['networking']['fqdn']
if $node_fqdn =~ /^([a-z]+)(\d+)\./ {
  notify { "role ${1} number ${2}": }
}
notify { "after: [${1}]": }
