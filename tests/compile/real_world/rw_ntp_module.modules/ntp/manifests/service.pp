class ntp::service {
  service { $ntp::service_name:
    ensure     => $ntp::service_ensure,
    enable     => $ntp::service_enable,
    hasstatus  => true,
    hasrestart => true,
  }
}
