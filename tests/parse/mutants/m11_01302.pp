 ssh::knownhosts {
  Sshkey <<| |>>
}
