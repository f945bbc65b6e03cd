class { '::site_mcollective': }
 { '::site_mcollective::client': }
class { '::site_mcollective::server': }
class { '::site_nagios::server': }
class { '::site_nagios::mcollective': }
