class roles::base ($env = 'production') {
  notify { "base for ${trusted['certname']} in ${env} (${server_facts['environment']})": }
  file { '/etc/role': content => "${module_name} ${name} ${title}\n" }
}
