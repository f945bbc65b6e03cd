#
site_mcollective::server class {
  mcollective::actionpolicy { 'rpcutil':
    default => 'deny',
  }

  mcollective::actionpolicy::rule { 'root rpcutil':
    agent    => 'rpcutil',
    callerid => 'cert=root',
  }
}
