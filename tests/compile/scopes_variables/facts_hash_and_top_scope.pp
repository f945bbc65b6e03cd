notify { 'f':
  message => [$facts['osfamily'], $osfamily, $::osfamily, $facts['os']['family'], $::facts['hostname']],
}
