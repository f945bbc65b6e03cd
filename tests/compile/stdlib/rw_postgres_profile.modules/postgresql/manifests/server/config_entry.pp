define postgresql::server::config_entry (
  Variant[String, Integer] $value,
) {
  $target = "${postgresql::server::confdir}/conf.d/${name}.conf"
  file { $target:
    content => "${name} = '${value}'\n",
  }
}
