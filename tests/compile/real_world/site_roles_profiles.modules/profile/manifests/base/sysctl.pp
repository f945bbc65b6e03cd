define profile::base::sysctl (Variant[Integer, String] $value) {
  file { "/etc/sysctl.d/60-${title}.conf":
    content => "${title} = ${value}\n",
    notify  => Exec["sysctl-apply-${title}"],
  }
  exec { "sysctl-apply-${title}":
    command     => "/sbin/sysctl -p /etc/sysctl.d/60-${title}.conf",
    refreshonly => true,
  }
}
