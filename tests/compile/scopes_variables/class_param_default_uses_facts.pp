class hostconf (String $fqdn_param = $facts['networking']['fqdn'], String $short = $hostname) {
  notify { 'h': message => "${fqdn_param} ${short}" }
}
include hostconf
