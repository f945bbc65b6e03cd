class chrony::service {
  if $chrony::service_enable {
    service { 'chrony':
      ensure     => $chrony::service_ensure,
      enable     => $chrony::service_enable,
      name       => $chrony::service_name,
      hasstatus  => true,
      hasrestart => true,
    }
  }
}
