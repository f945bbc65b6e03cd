class apache::config {
  assert_private()
  file { "${apache::conf_dir}/apache2.conf":
    ensure  => file,
    content => template('apache/apache2.conf.erb'),
  }
  file { ["${apache::conf_dir}/mods-enabled", "${apache::conf_dir}/sites-enabled"]:
    ensure  => directory,
    purge   => true,
    recurse => true,
  }
}
