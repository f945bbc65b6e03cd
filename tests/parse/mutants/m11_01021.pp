class { '::site_m\collective': }
class { '::site_mcollective::client': }
class { '::site_mcollective::server': }
class { '::site_nagios::server': }
class { '::site_nagios::mcollective': }
