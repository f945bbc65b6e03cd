class nginx::config {
  File {
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }
  file { [$nginx::conf_dir, "${nginx::conf_dir}/sites-available", "${nginx::conf_dir}/sites-enabled", "${nginx::conf_dir}/conf.d"]:
    ensure => directory,
  }
  file { "${nginx::conf_dir}/nginx.conf":
    content => template('nginx/nginx.conf.erb'),
  }
  file { $nginx::log_dir:
    ensure => directory,
    owner  => $nginx::user,
    mode   => '0750',
  }
}
