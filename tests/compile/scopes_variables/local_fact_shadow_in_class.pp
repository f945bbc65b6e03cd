class shadowfact {
  $osfamily = 'Custom'
  notify { 's': message => "${osfamily} ${::osfamily} ${facts['osfamily']}" }
}
include shadowfact
