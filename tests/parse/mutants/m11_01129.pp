class ssh::knownhosts {
  SSshkey <<| |>>
 / }
